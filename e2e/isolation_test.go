package e2e

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"testing"

	"gpufn/examples"
	"gpufn/weights"
)

// marker is the 8-byte word alice's weights are made of; the probe counts it.
const marker = 0x5eed_6d61_726b_6572

// launch256 is a launch of 256 blocks of 256 threads (the kernels stride over the grid).
const launch256 = `{"grid_dim_x": {"Absolute": 256}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	"block_dim_x": {"Absolute": 256}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}`

// countLaunch is a control-flow step of the probe: count the marker words among the words at
// slot ptr into the output C.
func countLaunch(ptr string, words uint64) string {
	return fmt.Sprintf(`{"ExecKernel": ["count_u64", [{"Ptr": %q}, {"Constant": %d}, {"Constant": %d}, {"Ptr": "C"}], %s]}`, ptr, words, marker, launch256)
}

// markerSet is a weight set of one tensor "m": n bytes of marker words.
func markerSet(t *testing.T, n int) []byte {
	t.Helper()
	data := make([]byte, n)
	for i := 0; i < n; i += 8 {
		binary.LittleEndian.PutUint64(data[i:], marker)
	}
	f, err := weights.Encode([]weights.Tensor{{Name: "m", DType: "U64", Shape: []uint64{uint64(n / 8)}}}, [][]byte{data}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// poolBytes is the pool of the server's one worker.
func poolBytes(t *testing.T, s *server) uint64 {
	t.Helper()
	var v struct {
		Engines []struct {
			Workers []struct {
				PoolBytes uint64 `json:"pool_bytes"`
			} `json:"workers"`
		} `json:"engines"`
	}
	a := s.as(opsTok).do("GET", "/v1/engines", "", nil)
	if err := json.Unmarshal(a.body, &v); err != nil || len(v.Engines) != 1 || len(v.Engines[0].Workers) != 1 || v.Engines[0].Workers[0].PoolBytes == 0 {
		t.Fatalf("engines: %v %s", err, a.body)
	}
	return v.Engines[0].Workers[0].PoolBytes
}

// Tenant isolation on one worker: alice's weights are marker words, and her functions put
// them where a later invocation's memory comes from (her "leak" copies them into a buffer and
// an output of the pool, her "count" finds every one of them in her resident set, which shows
// the probe kernel sees them where they are). Then bob's probe runs on the same worker (the
// sequential engine has one): its kernel counts the marker words in its input (3 planted by
// bob, the control), in a buffer as large as the worker's pool allows, and on a GPU in the whole
// device allocation of a weight set of bob's own (2 MiB less 4 KiB: the 4 KiB after its data
// are whatever the allocation's pages held, and alice's 2 MiB set took the same size). The
// worker must have dropped alice's state (zeroed) before bob ran: bob finds exactly his 3.
func TestTenantProbeFindsNoneOfAnothersWeights(t *testing.T) {
	flags := []string{"--data-dir", t.TempDir(), "--tokens", writeTokens(t, ""), "--engine", "sequential"}
	if !onGPU() {
		flags = append(flags, "--pool-size", "32MiB") // the cpu device scans it in Go
	}
	s := start(t, flags...)
	alice, bob := s.as(aliceTok), s.as(bobTok)
	const setBytes = 2 << 20
	put := func(who *client, path string, body []byte) {
		t.Helper()
		ctype := "application/octet-stream"
		if bytes.HasPrefix([]byte(path), []byte("/v1/functions/")) {
			ctype = "application/json"
		}
		if a := who.do("PUT", path, ctype, body); a.status != 201 {
			t.Fatalf("PUT %s: %d %s", path, a.status, a.body)
		}
	}
	put(alice, "/v1/libraries/testkernels", examples.MustPTX("testkernels"))
	put(alice, "/v1/libraries/probe", examples.MustPTX("probe"))
	put(alice, "/v1/weights/secret", markerSet(t, setBytes))
	words := uint64(setBytes / 8)
	put(alice, "/v1/functions/leak", []byte(fmt.Sprintf(`{"module_path": "testkernels", "kernels": ["add_i64"], "weight_set": "secret",
	  "blueprint": {"inputs": [], "weights": ["m"], "buffers": {"Z": {"Absolute": %d}, "OUT": {"Absolute": %d}}, "outputs": ["OUT"],
	  "control_flow": [{"ExecKernel": ["add_i64", [{"Ptr": "m"}, {"Ptr": "Z"}, {"Ptr": "OUT"}, {"Constant": %d}], %s]}]}}`, setBytes, setBytes, words, launch256)))
	put(alice, "/v1/functions/count", []byte(fmt.Sprintf(`{"module_path": "probe", "kernels": ["count_u64"], "weight_set": "secret",
	  "blueprint": {"inputs": [], "weights": ["m"], "buffers": {"C": {"Absolute": 8}}, "outputs": ["C"], "control_flow": [%s]}}`, countLaunch("m", words))))
	count := func(who *client, fn string, in map[string][]byte) uint64 {
		t.Helper()
		a := who.invoke("/v1/functions/"+fn+"/invoke", in)
		if a.status != 200 || len(a.outputs["C"]) != 8 {
			t.Fatalf("invoke %s: %d %s", fn, a.status, a.body)
		}
		return binary.LittleEndian.Uint64(a.outputs["C"])
	}
	a := alice.invoke("/v1/functions/leak/invoke", nil)
	if a.status != 200 || !bytes.Equal(a.outputs["OUT"], markerSet(t, setBytes)[len(markerSet(t, setBytes))-setBytes:]) {
		t.Fatalf("alice's leak: %d %.200s", a.status, a.body)
	}
	if n := count(alice, "count", nil); n != words {
		t.Fatalf("alice's probe of her own weights found %d marker words, want %d", n, words)
	}

	// Bob's probe, on the same worker.
	big := (poolBytes(t, s) - 64<<10) &^ 255
	const padBytes = setBytes - 4096
	put(bob, "/v1/libraries/probe", examples.MustPTX("probe"))
	steps, weightsCfg := countLaunch("X", 512)+", "+countLaunch("BIG", big/8), ""
	if onGPU() {
		// The whole 2 MiB allocation of bob's set (the driver's granularity), past its data.
		pad, err := weights.Encode([]weights.Tensor{{Name: "p", DType: "U8", Shape: []uint64{padBytes}}}, [][]byte{make([]byte, padBytes)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		put(bob, "/v1/weights/pad", pad)
		steps += ", " + countLaunch("p", setBytes/8)
		weightsCfg = `"weight_set": "pad",`
	}
	wlist := `[]`
	if onGPU() {
		wlist = `["p"]`
	}
	put(bob, "/v1/functions/probe", []byte(fmt.Sprintf(`{"module_path": "probe", "kernels": ["count_u64"], %s
	  "blueprint": {"inputs": ["X"], "weights": %s, "buffers": {"BIG": {"Absolute": %d}, "C": {"Absolute": 8}}, "outputs": ["C"],
	  "control_flow": [%s]}}`, weightsCfg, wlist, big, steps)))
	x := make([]byte, 4096)
	for _, i := range []int{0, 100, 511} {
		binary.LittleEndian.PutUint64(x[8*i:], marker)
	}
	if n := count(bob, "probe", map[string][]byte{"X": x}); n != 3 {
		t.Fatalf("bob's probe (%d MiB of buffer) found %d marker words; 3 are his own", big>>20, n)
	}
	if sw, _ := engineTotals(t, s, opsTok); sw != 1 {
		t.Fatalf("%d tenant switches, want 1 (alice's worker went to bob)", sw)
	}
	// Alice's set is placed again after the switch back, all of it.
	if n := count(alice, "count", nil); n != words {
		t.Fatalf("alice's probe after the switch back: %d, want %d", n, words)
	}
}
