package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// The client's views of the server's JSON answers: the fields its tables show.
type (
	accessJSON struct {
		Public      bool     `json:"public"`
		Tenants     []string `json:"tenants,omitempty"`
		TokenSHA256 []string `json:"token_sha256,omitempty"`
	}
	functionJSON struct {
		Name        string     `json:"name"`
		Library     string     `json:"library"`
		Inputs      []string   `json:"inputs"`
		Outputs     []string   `json:"outputs"`
		Access      accessJSON `json:"access"`
		Quarantined bool       `json:"quarantined"`
	}
	libraryJSON struct {
		Name    string `json:"name"`
		Kind    string `json:"kind"`
		Size    int    `json:"size"`
		Kernels []struct {
			Name string `json:"name"`
		} `json:"kernels"`
		UsedBy []string `json:"used_by"`
	}
	weightSetJSON struct {
		Name          string   `json:"name"`
		Bytes         int64    `json:"bytes"`
		ResidentBytes uint64   `json:"resident_bytes"`
		UsedBy        []string `json:"used_by"`
	}
	engineJSON struct {
		Name    string `json:"name"`
		Device  string `json:"device"`
		Mode    string `json:"mode"`
		Workers []struct {
			Up bool `json:"up"`
		} `json:"workers"`
		Queued    int    `json:"queued"`
		Busy      int    `json:"busy"`
		Completed uint64 `json:"completed"`
		Failed    uint64 `json:"failed"`
		Rejected  uint64 `json:"rejected"`
		Restarts  uint64 `json:"restarts"`
		Ready     bool   `json:"ready"`
	}
)

// ls lists libraries, functions (the default), weight sets or engines as a table, or prints
// the server's JSON (output "json").
func (env *clientEnv) ls(rest []string, tenant, output string) error {
	what := "functions"
	if len(rest) > 0 {
		what = rest[0]
	}
	if len(rest) > 1 || (what != "libraries" && what != "functions" && what != "weights" && what != "engines") {
		return usageError("ls takes libraries, functions, weights or engines")
	}
	path := "/v1/" + what
	if tenant != "" && what != "engines" {
		path = "/v1/tenants/" + tenant + "/" + what
	}
	if output == "json" {
		return env.call("GET", path, "", nil, env.stdout)
	}
	var v struct {
		Functions []functionJSON  `json:"functions"`
		Libraries []libraryJSON   `json:"libraries"`
		Weights   []weightSetJSON `json:"weights"`
		Engines   []engineJSON    `json:"engines"`
	}
	if _, err := env.getJSON(path, &v); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(env.stdout, 0, 0, 2, ' ', 0)
	switch what {
	case "functions":
		fmt.Fprintln(tw, "NAME\tLIBRARY\tINPUTS\tOUTPUTS\tINVOCABLE BY")
		for _, f := range v.Functions {
			name := f.Name
			if f.Quarantined {
				name += " (quarantined)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", name, f.Library, list(f.Inputs), list(f.Outputs), f.Access.describe())
		}
	case "libraries":
		fmt.Fprintln(tw, "NAME\tKIND\tSIZE\tKERNELS\tUSED BY")
		for _, l := range v.Libraries { // the kernels' names: gpufn ls -o json libraries
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", l.Name, l.Kind, l.Size, len(l.Kernels), list(l.UsedBy))
		}
	case "weights":
		fmt.Fprintln(tw, "NAME\tSIZE\tRESIDENT BYTES\tUSED BY")
		for _, w := range v.Weights { // the tensors: GET /v1/weights/{set}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", w.Name, w.Bytes, w.ResidentBytes, list(w.UsedBy))
		}
	case "engines":
		fmt.Fprintln(tw, "NAME\tDEVICE\tMODE\tWORKERS UP\tBUSY\tQUEUED\tCOMPLETED\tFAILED\tREJECTED\tRESTARTS\tREADY")
		for _, e := range v.Engines {
			up := 0
			for _, w := range e.Workers {
				if w.Up {
					up++
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d/%d\t%d\t%d\t%d\t%d\t%d\t%d\t%t\n", e.Name, e.Device, e.Mode, up, len(e.Workers), e.Busy, e.Queued, e.Completed, e.Failed, e.Rejected, e.Restarts, e.Ready)
		}
	}
	return tw.Flush()
}

// list prints a list of names in a table cell: comma-separated, "-" when empty.
func list(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ",")
}

// describe says who may invoke a function besides its tenant.
func (a accessJSON) describe() string {
	if a.Public {
		return "everyone"
	}
	var who []string
	if len(a.Tenants) > 0 {
		who = append(who, "tenants "+strings.Join(a.Tenants, ","))
	}
	if n := len(a.TokenSHA256); n > 0 {
		who = append(who, strconv.Itoa(n)+" token(s)")
	}
	if len(who) == 0 {
		return "its tenant only"
	}
	return "its tenant; " + strings.Join(who, "; ")
}

// showAccess prints who may invoke fn.
func (env *clientEnv) showAccess(fn, output string) error {
	var a accessJSON
	data, err := env.getJSON(qualified("functions", fn)+"/access", &a)
	if err != nil {
		return err
	}
	return printAccess(env.stdout, fn, a, data, output)
}

func printAccess(w io.Writer, fn string, a accessJSON, data []byte, output string) error {
	if output == "json" {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		b, _ := json.MarshalIndent(v, "", "  ")
		_, err := fmt.Fprintf(w, "%s\n", b)
		return err
	}
	_, err := fmt.Fprintf(w, "%s: invocable by %s\n", fn, a.describe())
	return err
}

// changeAccess grants (or revokes) invocation of fn to tenants, to every caller (public) and
// to the holders of tokens: it reads the function's access settings, changes them and puts
// them back. (The server keeps only a token's SHA-256: a token is revoked by its hash.)
func (env *clientEnv) changeAccess(grant bool, fn string, tenants []string, public bool, tokens []string, output string) error {
	path := qualified("functions", fn) + "/access"
	var a accessJSON
	if _, err := env.getJSON(path, &a); err != nil {
		return err
	}
	hashes := make([]string, len(tokens))
	for i, t := range tokens {
		h := sha256.Sum256([]byte(t))
		hashes[i] = hex.EncodeToString(h[:])
	}
	if grant {
		a.Public = a.Public || public
		a.Tenants = union(a.Tenants, tenants)
		a.TokenSHA256 = union(a.TokenSHA256, hashes)
	} else {
		a.Public = a.Public && !public
		a.Tenants = slices.DeleteFunc(a.Tenants, func(t string) bool { return slices.Contains(tenants, t) })
		a.TokenSHA256 = slices.DeleteFunc(a.TokenSHA256, func(h string) bool { return slices.Contains(hashes, h) })
	}
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	_, data, err := env.request("PUT", path, "application/json", body, nil)
	if err != nil {
		return err
	}
	var now accessJSON
	if err := json.Unmarshal(data, &now); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	return printAccess(env.stdout, fn, now, data, output)
}

// union is a followed by the elements of b it lacks.
func union(a, b []string) []string {
	for _, s := range b {
		if !slices.Contains(a, s) {
			a = append(a, s)
		}
	}
	return a
}
