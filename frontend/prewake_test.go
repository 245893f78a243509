package frontend

import (
	"bufio"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/cpu"
	"gpufn/dispatcher"
)

// wakeEngine is fullEngine that counts the prewakes it is told of.
type wakeEngine struct {
	fullEngine
	wakes atomic.Int64
}

func (e *wakeEngine) Prewake() { e.wakes.Add(1) }

// The door tells the dispatcher's engine of an invocation as soon as its header is judged
// admitted, before the body is read: /v1 invoke and the Open Inference Protocol's infer, and
// nothing else (other routes, other methods, a refused body).
func TestDoorPrewakes(t *testing.T) {
	dev := cpu.New(cpu.Options{})
	e := &wakeEngine{}
	d := dispatcher.New(dispatcher.Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames()}, []dispatcher.Engine{e})
	dev.Close()
	tokens, _ := auth.Load("")
	s := New(Config{}, d, tokens)
	for _, c := range []struct {
		head string
		wake bool
	}{
		{"POST /v1/functions/matmul/invoke", true},
		{"POST /v1/functions/matmul/invoke?x=1", true},
		{"POST /v2/models/resnet18/infer", true},
		{"POST /v2/models/resnet18/versions/1/infer", true},
		{"POST /v1/tenants/alice/functions/matmul/invoke", true},
		{"POST /v1/functions/a/b/invoke", false},
		{"GET /v1/functions/matmul/invoke", false},
		{"PUT /v1/functions/matmul", false},
		{"PUT /v1/libraries/invoke", false},
		{"POST /v1/functions/matmul/invoke-not", false},
		{"POST /elsewhere/invoke", false}, // not a /v1 or /v2 route: its body is refused
	} {
		var h fasthttp.RequestHeader
		raw := c.head + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\n"
		if err := h.Read(bufio.NewReader(strings.NewReader(raw))); err != nil {
			t.Fatal(err)
		}
		before := e.wakes.Load()
		s.headerReceived(&h)
		if got := e.wakes.Load() - before; got != map[bool]int64{true: 1, false: 0}[c.wake] {
			t.Errorf("%s: %d prewakes, want wake=%v", c.head, got, c.wake)
		}
	}
}
