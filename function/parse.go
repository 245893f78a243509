package function

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxConfigBytes bounds the size of a config document.
const MaxConfigBytes = 1 << 20

// maxProblems bounds how many problems one ValidationError lists.
const maxProblems = 50

// Problem is one thing wrong with a config, at a JSON path such as
// "blueprint.control_flow[2].ExecKernel.args[1]".
type Problem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// ValidationError lists every problem found in a config (up to a bound).
type ValidationError struct {
	Problems []Problem
}

func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("invalid function config: ")
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		if p.Path != "" {
			b.WriteString(p.Path)
			b.WriteString(": ")
		}
		b.WriteString(p.Message)
	}
	return b.String()
}

// problems collects Problems while a config is checked.
type problems struct {
	list      []Problem
	suggested map[string]bool // paths a "did you mean" pointed to: not reported missing too
}

func (p *problems) add(path, format string, args ...any) {
	if len(p.list) < maxProblems {
		p.list = append(p.list, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
	}
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	return &ValidationError{Problems: p.list}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// ParseConfig parses and completely validates a config document. The error, if any, is a
// *ValidationError naming the JSON path of each problem.
func ParseConfig(data []byte) (*Config, error) {
	p, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return p.Config, nil
}

// Parse parses, validates and compiles a config document. The error, if any, is a
// *ValidationError naming the JSON path of each problem. Its work is linear in the document's
// size; a document of more than 100,000 object keys is refused.
func Parse(data []byte) (*Plan, error) {
	p, _, err := parse(data)
	return p, err
}

// parse is Parse, returning also the document's counters (nil when it was too large to read).
func parse(data []byte) (*Plan, *document, error) {
	var ps problems
	if len(data) > MaxConfigBytes {
		ps.add("", "config is %d bytes; the limit is %d", len(data), MaxConfigBytes)
		return nil, nil, ps.err()
	}
	root, doc, err := parseJSON(data)
	switch {
	case errors.Is(err, errTooManyKeys):
		ps.add("", "%v", err)
		return nil, doc, ps.err()
	case err != nil:
		ps.add("", "malformed JSON: %v", err)
		return nil, doc, ps.err()
	}
	c := parseConfig(root, &ps)
	if err := ps.err(); err != nil {
		return nil, doc, err
	}
	plan := compile(c, &ps)
	if err := ps.err(); err != nil {
		return nil, doc, err
	}
	return plan, doc, nil
}

// object checks that n is an object whose keys are all in allowed, reporting each unknown key.
func object(n *node, path string, ps *problems, allowed ...string) bool {
	if n.kind != kObject {
		ps.add(path, "must be an object, not %s", n.kind)
		return false
	}
	for _, k := range n.keys {
		known := false
		for _, a := range allowed {
			if k == a {
				known = true
				break
			}
		}
		if !known {
			if s := suggest(k, allowed, n); s != "" {
				ps.add(join(path, k), "unknown field; did you mean %q?", s)
				if ps.suggested == nil {
					ps.suggested = map[string]bool{}
				}
				ps.suggested[join(path, s)] = true
			} else {
				ps.add(join(path, k), "unknown field (expected one of %s)", strings.Join(allowed, ", "))
			}
		}
	}
	return true
}

func required(n *node, key, path string, ps *problems) *node {
	v := n.get(key)
	if v == nil && !ps.suggested[join(path, key)] {
		ps.add(join(path, key), "missing")
	}
	return v
}

func parseConfig(root *node, ps *problems) *Config {
	c := &Config{}
	if root.kind != kObject {
		ps.add("", "a config must be a JSON object, not %s", root.kind)
		return c
	}
	object(root, "", ps, "module_path", "modules", "kernels", "weight_set", "init_flow", "blueprint", "tensors", "timeout_ms", "batching")
	if v := root.get("timeout_ms"); v != nil {
		n := len(ps.list)
		c.TimeoutMs = u64(v, "timeout_ms", ps)
		if len(ps.list) == n && (c.TimeoutMs == 0 || c.TimeoutMs > MaxTimeoutMs) {
			ps.add("timeout_ms", "must be between 1 and %d milliseconds (%d)", MaxTimeoutMs, c.TimeoutMs)
		}
	}
	mods := root.get("modules")
	switch mp := root.get("module_path"); {
	case mods != nil && mp != nil:
		ps.add("modules", "give either \"module_path\" (one library) or \"modules\" (Dandelion v2), not both")
	case mods != nil:
		c.Modules = parseModules(mods, "modules", ps)
	default:
		if v := required(root, "module_path", "", ps); v != nil {
			c.ModulePath = str(v, "module_path", ps)
			if c.ModulePath != "" {
				if err := checkModulePath(c.ModulePath); err != nil {
					ps.add("module_path", "%v", err)
				}
			}
		}
	}
	if v := required(root, "kernels", "", ps); v != nil {
		if c.Modules != nil {
			c.Kernels, c.KernelModules = parseModuleKernels(v, "kernels", c, ps)
		} else {
			c.Kernels = strList(v, "kernels", ps)
		}
	}
	if v := root.get("weight_set"); v != nil {
		c.WeightSet = str(v, "weight_set", ps)
		if err := CheckName(c.WeightSet); err != nil {
			ps.add("weight_set", "%v", err)
		}
	}
	if v := required(root, "blueprint", "", ps); v != nil {
		c.Blueprint = parseBlueprint(v, "blueprint", ps)
	}
	if v := root.get("init_flow"); v != nil {
		c.InitFlow = parseInitFlow(v, "init_flow", ps)
	}
	if v := root.get("tensors"); v != nil {
		c.Tensors = parseTensors(v, "tensors", &c.Blueprint, ps)
	}
	if v := root.get("batching"); v != nil {
		c.Batching = parseBatching(v, "batching", &c.Blueprint, ps)
		checkItemOutputs(c.Batching, &c.Blueprint, ps)
	}
	return c
}

// parseInitFlow parses "init_flow": {"buffers": {name: {"Absolute": n}}, "control_flow": [...]}.
func parseInitFlow(n *node, path string, ps *problems) *InitFlow {
	f := &InitFlow{}
	if !object(n, path, ps, "buffers", "control_flow") {
		return f
	}
	if v := n.get("buffers"); v != nil {
		bpath := join(path, "buffers")
		if v.kind != kObject {
			ps.add(bpath, "must be an object mapping buffer names to sizings, not %s", v.kind)
		} else {
			for i, k := range v.keys {
				s := parseSizing(v.vals[i], join(bpath, k), ps)
				if s.Kind != SizeAbsolute && s.Kind != 0 {
					ps.add(join(bpath, k), "an init flow's buffer has an Absolute size")
				}
				f.Buffers = append(f.Buffers, Buffer{Name: k, Size: s})
			}
		}
	}
	if v := required(n, "control_flow", path, ps); v != nil {
		f.ControlFlow = parseActions(v, join(path, "control_flow"), ps)
	}
	return f
}

// parseModules parses Dandelion v2's "modules": [{"module_name": n, "path": p}, ...]. The
// last element of a path names an uploaded library (a config never names a file).
func parseModules(n *node, path string, ps *problems) []Module {
	if n.kind != kArray || len(n.vals) == 0 {
		ps.add(path, "must be a non-empty array of {\"module_name\", \"path\"}")
		return nil
	}
	out := make([]Module, 0, len(n.vals))
	seen := map[string]bool{}
	for i, v := range n.vals {
		p := index(path, i)
		if !object(v, p, ps, "module_name", "path") {
			continue
		}
		var m Module
		if x := required(v, "module_name", p, ps); x != nil {
			m.Name = str(x, join(p, "module_name"), ps)
		}
		if x := required(v, "path", p, ps); x != nil {
			m.Path = str(x, join(p, "path"), ps)
			m.Library = m.Path[strings.LastIndexAny(m.Path, "/\\")+1:]
			if err := CheckName(m.Library); err != nil {
				ps.add(join(p, "path"), "the path's last element names the library: %v", err)
			}
		}
		if m.Name == "" || seen[m.Name] {
			ps.add(join(p, "module_name"), "module names must be non-empty and distinct (%q)", m.Name)
		}
		seen[m.Name] = true
		out = append(out, m)
	}
	return out
}

// parseModuleKernels parses Dandelion v2's "kernels": [{"module_name", "kernel_name"}, ...];
// each module_name must be one of "modules". It sets c.ModulePath to the library of the first
// module a kernel uses.
func parseModuleKernels(n *node, path string, c *Config, ps *problems) (kernels, modules []string) {
	if n.kind != kArray {
		ps.add(path, "must be an array of {\"module_name\", \"kernel_name\"} (the form \"modules\" goes with)")
		return nil, nil
	}
	for i, v := range n.vals {
		p := index(path, i)
		if v.kind == kString {
			ps.add(p, "with \"modules\", a kernel is {\"module_name\", \"kernel_name\"}, not a bare name")
			continue
		}
		if !object(v, p, ps, "module_name", "kernel_name") {
			continue
		}
		var mod, k string
		if x := required(v, "module_name", p, ps); x != nil {
			mod = str(x, join(p, "module_name"), ps)
		}
		if x := required(v, "kernel_name", p, ps); x != nil {
			k = str(x, join(p, "kernel_name"), ps)
		}
		found := false
		for _, m := range c.Modules {
			if m.Name == mod {
				found = true
				if c.ModulePath == "" {
					c.ModulePath = m.Library
				}
			}
		}
		if !found {
			ps.add(join(p, "module_name"), "%q is not a module_name of \"modules\"", mod)
		}
		kernels, modules = append(kernels, k), append(modules, mod)
	}
	return kernels, modules
}

func str(n *node, path string, ps *problems) string {
	if n.kind != kString {
		ps.add(path, "must be a string, not %s", n.kind)
		return ""
	}
	return n.str
}

func strList(n *node, path string, ps *problems) []string {
	if n.kind != kArray {
		ps.add(path, "must be an array of strings, not %s", n.kind)
		return nil
	}
	out := make([]string, 0, len(n.vals))
	for i, v := range n.vals {
		out = append(out, str(v, index(path, i), ps))
	}
	return out
}

func u64(n *node, path string, ps *problems) uint64 {
	if n.kind != kNumber {
		ps.add(path, "must be a non-negative integer, not %s", n.kind)
		return 0
	}
	v, err := strconv.ParseUint(string(n.num), 10, 64)
	if err != nil {
		if strings.HasPrefix(string(n.num), "-") {
			ps.add(path, "must not be negative (%s)", n.num)
		} else if strings.ContainsAny(string(n.num), ".eE") {
			ps.add(path, "must be an integer (%s)", n.num)
		} else {
			ps.add(path, "%s does not fit in 64 bits", n.num)
		}
	}
	return v
}

func i64(n *node, path string, ps *problems) int64 {
	if n.kind != kNumber {
		ps.add(path, "must be an integer, not %s", n.kind)
		return 0
	}
	v, err := strconv.ParseInt(string(n.num), 10, 64)
	if err != nil {
		if strings.ContainsAny(string(n.num), ".eE") {
			ps.add(path, "must be an integer (%s)", n.num)
		} else {
			ps.add(path, "%s does not fit in a signed 64-bit integer", n.num)
		}
	}
	return v
}

// tagged checks the externally tagged form {"Tag": value}: exactly one key, from tags.
func tagged(n *node, path string, ps *problems, what string, tags ...string) (string, *node) {
	if n.kind != kObject || len(n.keys) != 1 {
		ps.add(path, "a %s must be an object with exactly one key, one of %s", what, strings.Join(tags, ", "))
		return "", nil
	}
	for _, t := range tags {
		if n.keys[0] == t {
			return t, n.vals[0]
		}
	}
	ps.add(join(path, n.keys[0]), "unknown %s kind %q (expected one of %s)", what, n.keys[0], strings.Join(tags, ", "))
	return "", nil
}

func parseSizing(n *node, path string, ps *problems) Sizing {
	tag, v := tagged(n, path, ps, "sizing", "Absolute", "Sizeof", "FromInput")
	p := join(path, tag)
	switch tag {
	case "Absolute":
		return Sizing{Kind: SizeAbsolute, Absolute: u64(v, p, ps)}
	case "Sizeof":
		return Sizing{Kind: SizeSizeof, Buf: str(v, p, ps)}
	case "FromInput":
		s := Sizing{Kind: SizeFromInput}
		if object(v, p, ps, "bufname", "idx") {
			if b := required(v, "bufname", p, ps); b != nil {
				s.Buf = str(b, join(p, "bufname"), ps)
			}
			if i := required(v, "idx", p, ps); i != nil {
				s.Idx = u64(i, join(p, "idx"), ps)
				if s.Idx > (math.MaxUint64-8)/8 {
					ps.add(join(p, "idx"), "idx %d is beyond any input (8*idx+8 overflows)", s.Idx)
				}
			}
		}
		return s
	}
	return Sizing{}
}

func parseBlueprint(n *node, path string, ps *problems) Blueprint {
	var bp Blueprint
	if !object(n, path, ps, "inputs", "weights", "buffers", "outputs", "control_flow") {
		return bp
	}
	if v := n.get("weights"); v != nil {
		bp.Weights = strList(v, join(path, "weights"), ps)
	}
	if v := required(n, "inputs", path, ps); v != nil {
		bp.Inputs = strList(v, join(path, "inputs"), ps)
	}
	if v := required(n, "buffers", path, ps); v != nil {
		bpath := join(path, "buffers")
		if v.kind != kObject {
			ps.add(bpath, "must be an object mapping buffer names to sizings, not %s", v.kind)
		} else {
			for i, k := range v.keys {
				bp.Buffers = append(bp.Buffers, Buffer{Name: k, Size: parseSizing(v.vals[i], join(bpath, k), ps)})
			}
		}
	}
	if v := required(n, "outputs", path, ps); v != nil {
		bp.Outputs = strList(v, join(path, "outputs"), ps)
	}
	if v := required(n, "control_flow", path, ps); v != nil {
		bp.ControlFlow = parseActions(v, join(path, "control_flow"), ps)
	}
	return bp
}

func parseActions(n *node, path string, ps *problems) []Action {
	if n.kind != kArray {
		ps.add(path, "must be an array of actions, not %s", n.kind)
		return nil
	}
	out := make([]Action, 0, len(n.vals))
	for i, v := range n.vals {
		out = append(out, parseAction(v, index(path, i), ps))
	}
	return out
}

func parseAction(n *node, path string, ps *problems) Action {
	tag, v := tagged(n, path, ps, "action", "ExecKernel", "Repeat")
	p := join(path, tag)
	switch tag {
	case "ExecKernel":
		e := &Exec{}
		if v.kind != kArray || len(v.vals) != 3 {
			ps.add(p, "must be an array [kernel, [args], launch]")
			return Action{Exec: e}
		}
		e.Kernel = str(v.vals[0], join(p, "kernel"), ps)
		apath := join(p, "args")
		if a := v.vals[1]; a.kind != kArray {
			ps.add(apath, "must be an array of arguments, not %s", a.kind)
		} else {
			for i, an := range a.vals {
				e.Args = append(e.Args, parseArg(an, index(apath, i), ps))
			}
		}
		e.Launch = parseLaunch(v.vals[2], join(p, "launch"), ps)
		return Action{Exec: e}
	case "Repeat":
		r := &Repeat{}
		if v.kind != kArray || len(v.vals) != 2 {
			ps.add(p, "must be an array [count, [actions]]")
			return Action{Repeat: r}
		}
		r.Count = parseSizing(v.vals[0], join(p, "count"), ps)
		r.Body = parseActions(v.vals[1], join(p, "actions"), ps)
		return Action{Repeat: r}
	}
	return Action{}
}

func parseArg(n *node, path string, ps *problems) Arg {
	tag, v := tagged(n, path, ps, "argument", "Ptr", "Sizeof", "Constant")
	p := join(path, tag)
	switch tag {
	case "Ptr":
		return Arg{Kind: ArgPtr, Buf: str(v, p, ps)}
	case "Sizeof":
		return Arg{Kind: ArgSizeof, Buf: str(v, p, ps)}
	case "Constant":
		return Arg{Kind: ArgConstant, Constant: i64(v, p, ps)}
	}
	return Arg{}
}

func parseLaunch(n *node, path string, ps *problems) Launch {
	var l Launch
	if !object(n, path, ps, LaunchFields[:]...) {
		return l
	}
	for i, f := range LaunchFields {
		if v := required(n, f, path, ps); v != nil {
			l.Fields[i] = parseSizing(v, join(path, f), ps)
		}
	}
	return l
}

// suggest returns the allowed key, absent from n, closest to k (a typo), or "".
func suggest(k string, allowed []string, n *node) string {
	best, bestD := "", 4
	for _, a := range allowed {
		if n.get(a) != nil {
			continue
		}
		if d := editDistance(strings.ToLower(k), a); d < bestD || (strings.HasPrefix(a, k) && len(k) >= 4) {
			best, bestD = a, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
