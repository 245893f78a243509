package engine

import (
	"bytes"
	"strconv"
	"testing"
)

// A spinning worker keeps its request pipe across its own garbage collections. With GOGC=1 the
// worker collects within the first few thousand invocations (it allocates little, but not
// nothing: without the fix this failed at invocation 618, and at 4,095 once the Invoke decoding
// stopped allocating); it once lost the pipe to an *os.File
// finalizer at its first collection under load (on the H100: "reading a request: bad file
// descriptor", the worker lost with what it held). CI's hosts are too small for the default
// policy to spin, so this asks for spinning.
func TestSpinningWorkerSurvivesItsGarbageCollections(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicySpin, Env: []string{"GOGC=1"}})
	f := echo(t)
	for i := 0; i < 20000; i++ {
		in := strconv.AppendInt([]byte("invocation "), int64(i), 10)
		if out, err := invokeSync(t, e, f, in, 0); err != nil || !bytes.Equal(out, in) {
			t.Fatalf("invocation %d: %q %v", i, out, err)
		}
	}
	if st := e.Stats(); st.Restarts != 0 {
		t.Fatalf("the worker was restarted %d times", st.Restarts)
	}
}
