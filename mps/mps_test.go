package mps

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestVisibleDevice(t *testing.T) {
	t.Setenv("CUDA_VISIBLE_DEVICES", "")
	if got := VisibleDevice(1); got != "1" {
		t.Errorf("no CUDA_VISIBLE_DEVICES: VisibleDevice(1) = %q, want 1", got)
	}
	// The server's own list renumbers devices: its ordinal 1 is the list's second entry.
	t.Setenv("CUDA_VISIBLE_DEVICES", "2, GPU-abc")
	for ord, want := range map[int]string{0: "2", 1: "GPU-abc", 2: "2"} {
		if got := VisibleDevice(ord); got != want {
			t.Errorf("CUDA_VISIBLE_DEVICES=2,GPU-abc: VisibleDevice(%d) = %q, want %q", ord, got, want)
		}
	}
}

func TestClientEnv(t *testing.T) {
	shared := &Daemon{PipeDir: "/p", LogDir: "/l"}
	if got, want := shared.Env(3, 2<<30), []string{"CUDA_MPS_PIPE_DIRECTORY=/p", "CUDA_MPS_LOG_DIRECTORY=/l", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=3=2048M"}; !reflect.DeepEqual(got, want) {
		t.Errorf("shared daemon: %q, want %q", got, want)
	}
	if shared.ClientOrdinal(3) != 3 {
		t.Error("a shared daemon's client must open the server's ordinal")
	}
	own := &Daemon{PipeDir: "/p3", Visible: "3"}
	if got, want := own.Env(3, 2<<30), []string{"CUDA_MPS_PIPE_DIRECTORY=/p3", "CUDA_VISIBLE_DEVICES=0", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=2048M"}; !reflect.DeepEqual(got, want) {
		t.Errorf("per-GPU daemon: %q, want %q", got, want)
	}
	if got, want := own.Env(3, 0), []string{"CUDA_MPS_PIPE_DIRECTORY=/p3", "CUDA_VISIBLE_DEVICES=0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("per-GPU daemon, no cap: %q, want %q", got, want)
	}
	if own.ClientOrdinal(3) != 0 {
		t.Error("a per-GPU daemon's client sees its GPU alone, as device 0")
	}
}

// A process outside MPS names a directory where no daemon listens, and sees the GPU as the
// daemon's clients do (the same ordinal opens it).
func TestOutsideEnv(t *testing.T) {
	dir, err := OutsideDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	shared := &Daemon{PipeDir: "/p", LogDir: "/l"}
	if got, want := shared.OutsideEnv(dir), []string{"CUDA_MPS_PIPE_DIRECTORY=" + dir}; !reflect.DeepEqual(got, want) {
		t.Errorf("shared daemon: %q, want %q", got, want)
	}
	own := &Daemon{PipeDir: "/p3", Visible: "GPU-abc"}
	if got, want := own.OutsideEnv(dir), []string{"CUDA_MPS_PIPE_DIRECTORY=" + dir, "CUDA_VISIBLE_DEVICES=GPU-abc"}; !reflect.DeepEqual(got, want) {
		t.Errorf("per-GPU daemon: %q, want %q", got, want)
	}
	again, err := OutsideDir(filepath.Dir(dir))
	if err != nil || again != dir {
		t.Fatalf("made again: %q %v; want %q", again, err, dir)
	}
	if err := os.WriteFile(filepath.Join(dir, "control"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := OutsideDir(filepath.Dir(dir)); err == nil {
		t.Fatal("a directory with a control pipe taken for one outside MPS")
	}
}
