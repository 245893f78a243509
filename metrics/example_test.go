package metrics_test

import (
	"fmt"
	"time"

	"gpufn/call"
	"gpufn/metrics"
)

// A server's frontend resolves a function's series at its first invocation and records each
// answer; beyond MaxSeries pairs, functions share the "_other" series.
func ExampleMetrics_Function() {
	m := metrics.New(metrics.Options{MaxSeries: 1, NoRuntime: true})
	matmul := m.Function(&call.Function{Name: "matmul"}, []byte("alice"))
	conv := m.Function(&call.Function{Name: "conv"}, []byte("alice"))
	matmul.Succeeded(&call.Timing{Queue: 50 * time.Microsecond, Kernel: time.Millisecond}, 2*time.Millisecond)
	conv.Failed(call.CodeQueueFull)
	fmt.Println(matmul.Tenant(), matmul.Function())
	fmt.Println(conv.Tenant(), conv.Function())
	// Output:
	// alice matmul
	// _other _other
}
