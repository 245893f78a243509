package load

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/msgpack"
	"gpufn/bundle"
)

// KindBundle is the kind of a workload that serves a model bundle (docs/export.md): the
// exporter's output directory, deployed and invoked with its reference inputs.
const KindBundle = "bundle"

// namedBundles are the workloads that name a bundle of the repository's examples:
// NAME[-bB] is examples/NAME/bB (default batch 1), relative to the working directory (the
// repository's root, where scripts/gpu-bench.sh runs).
var namedBundles = []string{"resnet18", "bert"}

// parseBundleWorkload reads the bundle workloads: "bundle:DIR" (any bundle directory),
// "resnet18", "bert", "resnet18-b8" (examples/resnet18/b8). ok is false for other names.
func parseBundleWorkload(s string) (w WorkloadSpec, ok bool, err error) {
	if dir, found := strings.CutPrefix(s, KindBundle+":"); found {
		if dir == "" {
			return w, true, fmt.Errorf("bench: workload %q: want bundle:DIR", s)
		}
		clean := filepath.Clean(dir)
		label := strings.Join(strings.FieldsFunc(filepath.Base(filepath.Dir(clean))+"-"+filepath.Base(clean), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.')
		}), "_")
		return WorkloadSpec{Kind: KindBundle, Dir: dir, Label: "bundle-" + strings.Trim(label, ".-")}, true, nil
	}
	name, batch, hasBatch := strings.Cut(s, "-")
	for _, n := range namedBundles {
		if name != n {
			continue
		}
		b := 1
		if hasBatch {
			v, err := strconv.Atoi(strings.TrimPrefix(batch, "b"))
			if !strings.HasPrefix(batch, "b") || err != nil || v < 1 {
				return w, true, fmt.Errorf("bench: workload %q: want %s[-bBATCH]", s, n)
			}
			b = v
		}
		bs := "b" + strconv.Itoa(b)
		return WorkloadSpec{Kind: KindBundle, Dir: filepath.Join("examples", n, bs), Label: n + "-" + bs, Batch: b}, true, nil
	}
	return w, false, nil
}

// BundleServerArgs are the gpufn serve arguments a bundle workload needs beside the
// system's own: a data directory (weight sets live under it) and a request body limit that
// admits the weight set's upload (BERT-base's is about 220 MB in bf16; 1 GiB is also the
// default --tenant-queue-bytes, which may not be below it). On a GPU also a pool of 4 GiB per
// worker: by default the pools take nearly all of the GPU's memory (a sequential worker leaves
// 768 MiB), and the resident weight sets, placed outside the pool, need room beside them
// (--resident-bytes, 1 GiB per worker by default; the placements' copies fill it).
func BundleServerArgs(dataDir string, gpu bool) []string {
	args := []string{"--data-dir", dataDir, "--max-body-bytes", "1GiB"}
	if gpu {
		args = append(args, "--pool-size", "4GiB")
	}
	return args
}

// ModelInfo is what a bundle workload measured while it was prepared: the Server-Timing
// stages (ms) of its first invocation, and of invocations that each placed a copy of the
// weight set on a worker that was already running (the copy differs from the set by its
// safetensors metadata only, so it is the same bytes placed again: the cost of placing the
// set on a warm worker, without the module loads, which show as the load stage).
type ModelInfo struct {
	Bundle      string               `json:"bundle"`
	Function    string               `json:"function"`
	Libraries   int                  `json:"libraries"`
	WeightBytes int64                `json:"weight_bytes,omitempty"`
	First       map[string]float64   `json:"first_ms"`
	Placements  []map[string]float64 `json:"placements_ms,omitempty"`
	// PlaceP50MS and PlaceMaxMS summarize the place stage of Placements.
	PlaceP50MS float64 `json:"place_p50_ms,omitempty"`
	PlaceMaxMS float64 `json:"place_max_ms,omitempty"`
}

// prepareBundle is PrepareWorkload for a bundle: with opts.Register it deploys the bundle
// under its own names (libraries, weight set, function), invokes it once with the reference
// inputs (checked), and measures opts.Placements placements of a copy of its weight set.
func prepareBundle(c *Client, spec WorkloadSpec, opts WorkloadOptions) (*Workload, error) {
	b, err := bundle.Open(spec.Dir)
	if err != nil {
		return nil, fmt.Errorf("bench: workload %s: %w", spec.Name(), err)
	}
	in, want, err := b.Reference()
	if err != nil {
		return nil, fmt.Errorf("bench: workload %s: %w", spec.Name(), err)
	}
	body, err := bundle.RequestBody(in)
	if err != nil {
		return nil, err
	}
	w := &Workload{Spec: spec, Function: b.Function, c: c, opts: opts, bundle: b}
	input := workloadInput{body: body}
	// A model of one input is sent its raw bytes (application/octet-stream), as a client
	// that wants the shortest path would: no framing to decode, and a body of 32 KiB or more
	// may go from the connection straight into an idle worker (docs/engines.md, "Streamed
	// request bodies"). --msgpack sends the map.
	rawIn := len(in) == 1 && !opts.Msgpack
	if rawIn {
		input.body = in[0].Data
	}
	raw := len(want) == 1 && !opts.Msgpack
	if raw {
		input.want = want[0].Data
		dtype, ref := want[0].DType, want[0].Data
		input.check = newAcceptedChecker(func(out []byte) error { return bundle.CompareTensor(dtype, out, ref) })
	} else {
		for _, t := range want {
			input.want = msgpack.AppendMap(input.want, msgpack.Field{Name: t.Name, Value: t.Data})
		}
		input.check = newAcceptedChecker(func(out []byte) error { return bundle.CheckAnswer(out, want) })
	}
	w.inputs = []workloadInput{input}
	call := w.call(w.Function, 0)
	call.Output = "" // the whole answer: one raw output, or the map of all of them
	if rawIn {
		call.ContentType = "application/octet-stream"
	}
	if !raw {
		call.Accept = ""
	}
	w.hot = []Call{call}
	if !opts.Register {
		return w, nil
	}
	if err := b.Deploy(func(path, ctype string, data []byte) error {
		st, body, err := c.Do("PUT", path, ctype, data, 10*time.Minute)
		return mustOK("PUT", path, st, body, err)
	}); err != nil {
		return nil, fmt.Errorf("bench: deploying %s: %w", spec.Dir, err)
	}
	w.hotReg = true
	w.Model = &ModelInfo{Bundle: spec.Dir, Function: b.Function, Libraries: len(b.Libraries)}
	if w.Model.First, err = w.invokeOnce(b.Function); err != nil {
		w.Cleanup()
		return nil, fmt.Errorf("bench: the first invocation of %s: %w", spec.Dir, err)
	}
	if n := opts.Placements; b.Weights != nil && n >= 0 {
		if n == 0 {
			n = 3
		}
		if err := w.measurePlacements(n); err != nil {
			w.Cleanup()
			return nil, err
		}
	}
	return w, nil
}

// invokeOnce invokes function with the workload's input, checks the answer, and returns its
// Server-Timing stages in ms.
func (w *Workload) invokeOnce(function string) (map[string]float64, error) {
	call := w.hot[0]
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(w.c.URL("/v1/functions/" + function + "/invoke"))
	req.Header.SetMethod("POST")
	req.Header.SetContentType(call.ContentType)
	if call.Accept != "" {
		req.Header.Set("Accept", call.Accept)
	}
	req.SetBodyRaw(call.Body)
	if err := w.c.hc.DoTimeout(req, resp, 5*time.Minute); err != nil {
		return nil, err
	}
	if err := mustOK("POST", "/v1/functions/"+function+"/invoke", resp.StatusCode(), resp.Body(), nil); err != nil {
		return nil, err
	}
	if err := w.inputs[0].check.Check(resp.Body()); err != nil {
		return nil, fmt.Errorf("wrong output: %w", err)
	}
	stages := map[string]float64{}
	for _, st := range ParseServerTiming(nil, resp.Header.Peek("Server-Timing")) {
		if st.HasDur {
			stages[st.Name] = float64(st.Dur) / 1e6
		}
	}
	return stages, nil
}

// measurePlacements places n copies of the bundle's weight set, one after the other: each is
// uploaded under a name of its own with its metadata changed (so its content, and with it the
// key workers keep resident sets by, is new), bound to a copy of the function, invoked once
// with the reference input (checked), and deleted.
func (w *Workload) measurePlacements(n int) error {
	b := w.bundle
	file, err := b.File(b.Weights.File)
	if err != nil {
		return err
	}
	config, err := b.File(b.Config)
	if err != nil {
		return err
	}
	var places []float64
	for k := 0; k < n; k++ {
		name := fmt.Sprintf("%s-place-%s-%d", b.Weights.Name, w.runID, k)
		copyFile, dataBytes, err := bundle.WeightsCopy(file, map[string]string{"gpufn-bench-copy": name})
		if err != nil {
			return fmt.Errorf("bench: %s: %w", b.Weights.File, err)
		}
		w.Model.WeightBytes = dataBytes
		cfg, err := bundle.WithWeightSet(config, name)
		if err != nil {
			return err
		}
		stages, err := w.placeOnce(name, copyFile, cfg)
		if err != nil {
			return fmt.Errorf("bench: placing a copy of %s's weights: %w", b.Dir, err)
		}
		w.Model.Placements = append(w.Model.Placements, stages)
		places = append(places, stages["place"])
	}
	sort.Float64s(places)
	w.Model.PlaceP50MS, w.Model.PlaceMaxMS = places[len(places)/2], places[len(places)-1]
	if w.Model.PlaceMaxMS == 0 {
		return errors.New("bench: the server reported no place stage for a weight set it had never placed")
	}
	return nil
}

// placeOnce uploads a weight set and a function using it, invokes the function once, and
// deletes both (also when the invocation failed).
func (w *Workload) placeOnce(name string, file, config []byte) (map[string]float64, error) {
	do := func(method, path, ctype string, body []byte) error {
		st, b, err := w.c.Do(method, path, ctype, body, 10*time.Minute)
		return mustOK(method, path, st, b, err)
	}
	if err := do("PUT", "/v1/weights/"+name, "application/octet-stream", file); err != nil {
		return nil, err
	}
	defer do("DELETE", "/v1/weights/"+name, "", nil)
	if err := do("PUT", "/v1/functions/"+name, "application/json", config); err != nil {
		return nil, err
	}
	defer do("DELETE", "/v1/functions/"+name, "", nil)
	return w.invokeOnce(name)
}

// cleanupBundle deletes what prepareBundle registered: the function, its batch variants, the
// weight set, then the libraries.
func (w *Workload) cleanupBundle() error {
	b := w.bundle
	// The function first, then its batch variants (a variant is a function of its own that
	// uses the libraries and the weight set), then what they used.
	paths := []string{"/v1/functions/" + b.Function}
	for _, v := range b.Variants {
		paths = append(paths, "/v1/functions/"+v.Function)
	}
	if b.Weights != nil {
		paths = append(paths, "/v1/weights/"+b.Weights.Name)
	}
	for _, lib := range b.LibraryNames() {
		paths = append(paths, "/v1/libraries/"+lib)
	}
	var first error
	for _, p := range paths {
		st, body, err := w.c.Do("DELETE", p, "", nil, 30*time.Second)
		if err := mustOK("DELETE", p, st, body, err); err != nil && first == nil {
			first = err
		}
	}
	return first
}
