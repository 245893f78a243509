package dispatcher

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"testing"

	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
)

// asArch returns a copy of cubin that says it is for sm_<sm> (its e_flags rewritten): the
// cubin the compiler would give for another architecture of the same kernels.
func asArch(t *testing.T, cubin []byte, sm byte) []byte {
	t.Helper()
	c := bytes.Clone(cubin)
	const flags = 48 // e_flags of an ELF64 header
	switch {
	case c[flags] == 90:
		c[flags] = sm
	case c[flags+1] == 90:
		c[flags+1] = sm
	default:
		t.Fatalf("the cubin's e_flags %x do not say sm_90", c[flags:flags+4])
	}
	if info, err := libscan.Scan(c); err != nil || info.Arch != fmt.Sprintf("sm_%d", sm) {
		t.Fatalf("rewritten cubin: %+v %v", info, err)
	}
	return c
}

// archCompiler compiles the examples for two architectures: the committed cubin for sm_90, and
// that cubin marked sm_80 for sm_80.
type archCompiler struct{ sm80 []byte }

func (c archCompiler) Compile(_ context.Context, arch string, ptx []byte, _ int) ([]byte, string, string, error) {
	cubin, log, err := exampleCubins(ptx)
	if arch == "sm_80" {
		cubin = c.sm80
	}
	return cubin, "cc 1", log, err
}

// On a server with GPUs of two architectures, a PTX is compiled for each at upload and every
// worker loads the cubin of its own (Library.For), never the PTX.
func TestCompiledForEachArchitecture(t *testing.T) {
	sm90 := cubinFile("testkernels")
	sm80 := asArch(t, sm90, 80)
	h100 := gpufake.New(gpufake.Options{}).Info()
	h100.Kind, h100.Arch, h100.Compiler = "cuda", "sm_90", "cc 1"
	a100 := h100
	a100.Arch, a100.Ordinal = "sm_80", 1
	d := New(Config{Device: "cuda", Info: h100, GPUs: []gpu.Info{h100, a100}, Compiler: archCompiler{sm80: sm80}}, nil)
	alice := tenant("alice")
	v, _, err := d.PutLibrary(alice, "alice", "tk", examples.MustPTX("testkernels"))
	if err != nil || len(v.Compiled) != 2 {
		t.Fatalf("PutLibrary: %+v %v", v.Compiled, err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "args", args8Config); err != nil {
		t.Fatal(err)
	}
	lib := lookup(t, d, alice, "args").Lib
	for arch, want := range map[string][]byte{"sm_90": sm90, "sm_80": sm80} {
		got := lib.For(arch)
		if got.Kind != libscan.KindCubin || !bytes.Equal(got.Image, want) || got.Hash != sha256.Sum256(want) {
			t.Errorf("a worker of %s loads a %s of %d bytes; want its cubin", arch, got.Kind, len(got.Image))
		}
	}
	if got := lib.For("sm_75"); got != lib || lib.Kind != libscan.KindPTX {
		t.Errorf("another architecture loads a %s; want the PTX", got.Kind)
	}
}
