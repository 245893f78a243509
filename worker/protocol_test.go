package worker

import (
	"bytes"
	"errors"
	"gpufn/call"
	"io"
	"reflect"
	"testing"
	"testing/iotest"

	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/shm"
)

func sampleInvoke() *Invoke {
	inv := &Invoke{ID: 42, Context: 0, FuncID: 7, Config: []byte(`{"config": 1}`), Inputs: []shm.Span{{Off: 0, Len: 100}, {Off: 100, Len: 5}}, Output: shm.Span{Off: 128, Len: 1 << 20}, LaunchLimit: 1000}
	inv.Lib.Hash[0], inv.Lib.Hash[31] = 0xab, 0xcd
	inv.Lib.Kind = libscan.KindPTX
	inv.Lib.Image = []byte(".version 8.0")
	return inv
}

func roundTrip(t *testing.T, typ MsgType, msg, into any) {
	t.Helper()
	var buf bytes.Buffer
	if err := NewFrameWriter(&buf).Write(typ, msg); err != nil {
		t.Fatal(err)
	}
	fr := NewFrameReader(&buf, MaxRequestFrame)
	got, err := fr.Next()
	if err != nil || got != typ {
		t.Fatalf("Next: %v %v", got, err)
	}
	if err := fr.Decode(into); err != nil {
		t.Fatal(err)
	}
}

func TestInvokeRoundTrip(t *testing.T) {
	in := sampleInvoke()
	var out Invoke
	roundTrip(t, MsgInvoke, in, &out)
	if out.ID != 42 || out.FuncID != 7 || out.Lib.Hash != in.Lib.Hash || out.Lib.Kind != libscan.KindPTX || string(out.Lib.Image) != ".version 8.0" {
		t.Fatalf("got %+v", out)
	}
	if !reflect.DeepEqual(out.Inputs, in.Inputs) || out.Output != in.Output || out.LaunchLimit != 1000 || out.Streamed {
		t.Fatalf("spans %+v", out)
	}
	if string(out.Config) != `{"config": 1}` {
		t.Fatalf("config %q", out.Config)
	}
	// Without the optional payloads, streamed.
	in.Config, in.Lib.Image, in.Streamed = nil, nil, true
	roundTrip(t, MsgInvoke, in, &out)
	if out.Config != nil || out.Lib.Image != nil || !out.Streamed {
		t.Fatalf("payloads appeared or streaming lost: %+v", out)
	}
}

func TestResultAndHelloRoundTrip(t *testing.T) {
	in := &Result{ID: 9, Outputs: []shm.Span{{Off: 64, Len: 8}}, Err: &WireError{Code: call.CodeKernelFault, Message: "illegal address", Fatal: true}, Stages: Stages{1, 2, 3, 4, 5, 6, 7, 12, call.GraphReplayed, 8, ModuleLoaded, 8 << 20},
		Resident: ResidentStats{Hits: 1, Misses: 2, Evictions: 3, Sets: 4, Bytes: 5}}
	var out Result
	roundTrip(t, MsgResult, in, &out)
	if !reflect.DeepEqual(*in, out) {
		t.Fatalf("got %+v want %+v", out, *in)
	}
	h := &Hello{Version: Version, PID: 3, Device: gpu.Info{Kind: "cpu", Name: "x", Limits: gpu.Limits{MaxThreadsPerBlock: 1024}}, PoolBytes: 5, Contexts: []uint64{64}, Kernels: []string{"a"}}
	var hout Hello
	roundTrip(t, MsgHello, h, &hout)
	if !reflect.DeepEqual(*h, hout) {
		t.Fatalf("got %+v", hout)
	}
}

func TestCompileRoundTrip(t *testing.T) {
	in := &Compile{ID: 5, PTX: []byte(".version 8.0\n"), MaxCubin: 64 << 20}
	var out Compile
	roundTrip(t, MsgCompile, in, &out)
	if !reflect.DeepEqual(*in, out) {
		t.Fatalf("got %+v want %+v", out, *in)
	}
	for _, c := range []*Compiled{
		{ID: 5, Cubin: []byte("\x7fELF..."), Log: "ptxas info: 12 registers", Arch: "sm_90", Compiler: "CUDA 12.4 (12040) libcuda.so.550.54.15", Nanos: 123456},
		{ID: 6, Log: "line 3: syntax error", Arch: "sm_90", Compiler: "x", Err: &WireError{Code: call.CodeCompileFailed, Message: "cuLinkAddData_v2: CUDA_ERROR_INVALID_PTX"}},
	} {
		var got Compiled
		roundTrip(t, MsgCompiled, c, &got)
		if !reflect.DeepEqual(*c, got) {
			t.Fatalf("got %+v want %+v", got, *c)
		}
	}
	if MsgCompile.String() != "compile" || MsgCompiled.String() != "compiled" {
		t.Errorf("names %s %s", MsgCompile, MsgCompiled)
	}
}

// The hot path's messages cost no allocation: decoding a Result reuses its Outputs slice,
// encoding an Invoke writes into the frame writer's buffer, and decoding one (without code to
// load) reuses its Inputs: the worker decodes one per invocation, and that garbage once made
// its collector run every few seconds under load.
func TestResultCodecAllocs(t *testing.T) {
	var buf bytes.Buffer
	fw := NewFrameWriter(&buf)
	fr := NewFrameReader(&buf, MaxRequestFrame)
	// roundTrip writes msg and reads it back into into.
	roundTrip := func(typ MsgType, msg, into any) func() {
		return func() {
			buf.Reset()
			fw.Write(typ, msg)
			fr.r.Reset(&buf)
			if _, err := fr.Next(); err != nil {
				t.Fatal(err)
			}
			if err := fr.Decode(into); err != nil {
				t.Fatal(err)
			}
		}
	}
	inv := sampleInvoke()
	inv.Config, inv.Lib.Image = nil, nil
	var out Result
	var in Invoke
	for _, c := range []struct {
		what string
		step func()
	}{
		{"result round trip", roundTrip(MsgResult, &Result{ID: 1, Outputs: []shm.Span{{Off: 64, Len: 8}, {Off: 128, Len: 8}}}, &out)},
		{"invoke encoding", func() { buf.Reset(); fw.Write(MsgInvoke, inv) }},
		{"invoke round trip", roundTrip(MsgInvoke, inv, &in)},
	} {
		c.step()
		if n := testing.AllocsPerRun(100, c.step); n > 0 {
			t.Errorf("%.1f allocations per %s", n, c.what)
		}
	}
	if !reflect.DeepEqual(in, *inv) {
		t.Fatalf("decoded %+v; want %+v", in, *inv)
	}
}

func TestFrameReaderErrors(t *testing.T) {
	cases := map[string][]byte{
		"zero length":   {0, 0, 0, 0},
		"too long":      {0xff, 0xff, 0xff, 0x7f, byte(MsgResult)},
		"unknown type":  {1, 0, 0, 0, 99},
		"cut body":      {10, 0, 0, 0, byte(MsgResult), 1, 2},
		"cut header":    {10, 0},
		"printf inject": []byte("AAAA\x83\xa2id\x01\xa3err\xc0\xa4outs\x90 GPUFN-INJECT 42\n"),
	}
	for name, b := range cases {
		fr := NewFrameReader(bytes.NewReader(b), MaxReplyFrame)
		_, err := fr.Next()
		if err == nil {
			var r Result
			err = fr.Decode(&r)
		}
		if err == nil || err == io.EOF {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	// A clean end before a frame is io.EOF, so the worker can tell the server left.
	if _, err := NewFrameReader(bytes.NewReader(nil), 10).Next(); err != io.EOF {
		t.Errorf("empty stream: %v", err)
	}
	// Trailing bytes inside a frame are refused.
	var buf bytes.Buffer
	NewFrameWriter(&buf).Write(MsgResult, &Result{ID: 1})
	b := buf.Bytes()
	b[0]++
	b = append(b, 0xc0)
	fr := NewFrameReader(bytes.NewReader(b), MaxReplyFrame)
	fr.Next()
	var r Result
	if err := fr.Decode(&r); !errors.Is(err, ErrProtocol) {
		t.Errorf("trailing bytes: %v", err)
	}
}

// FuzzFrames feeds arbitrary bytes, split in two reads to act out short reads on a pipe,
// to the frame reader and every decoder: errors are fine, panics and hangs are not.
func FuzzFrames(f *testing.F) {
	for _, msg := range []struct {
		t MsgType
		m any
	}{{MsgInvoke, sampleInvoke()}, {MsgResult, &Result{ID: 3, Outputs: []shm.Span{{Off: 1, Len: 2}}, Err: &WireError{Code: "x"}}}, {MsgHello, &Hello{Version: 1}}, {MsgPool, &PoolCmd{ID: 1, Bytes: 2}},
		{MsgCompile, &Compile{ID: 4, PTX: []byte(".version 8.0"), MaxCubin: 1 << 20}}, {MsgCompiled, &Compiled{ID: 4, Cubin: []byte("\x7fELF"), Log: "ok", Arch: "sm_90", Err: &WireError{Code: "compile_failed"}}}} {
		var buf bytes.Buffer
		NewFrameWriter(&buf).Write(msg.t, msg.m)
		f.Add(buf.Bytes(), uint8(3))
	}
	f.Add([]byte("AAAA\x83\xa2id"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, cut uint8) {
		c := int(cut)
		if c > len(data) {
			c = len(data)
		}
		r := io.MultiReader(iotest.OneByteReader(bytes.NewReader(data[:c])), bytes.NewReader(data[c:]))
		fr := NewFrameReader(r, 1<<20)
		for i := 0; i < 4; i++ {
			typ, err := fr.Next()
			if err != nil {
				return
			}
			switch typ {
			case MsgInvoke:
				var m Invoke
				fr.Decode(&m)
			case MsgResult:
				var m Result
				fr.Decode(&m)
			case MsgHello:
				var m Hello
				fr.Decode(&m)
			case MsgPool:
				var m PoolCmd
				fr.Decode(&m)
			case MsgCompile:
				var m Compile
				fr.Decode(&m)
			case MsgCompiled:
				var m Compiled
				fr.Decode(&m)
			}
		}
	})
}
