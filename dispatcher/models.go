package dispatcher

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"

	"gpufn/call"
	"gpufn/function"
	"gpufn/weights"
)

// checkRunnable refuses what a config may say but this server cannot run yet: kernels from
// several libraries (the v2 form's modules; a function loads one library), and weights
// without a weight set of the tenant to bind them to.
func checkRunnable(plan *function.Plan) *Error {
	if len(plan.Libraries) > 1 {
		return &Error{Code: call.CodeInvalidConfig, Message: "kernels from several modules",
			Problems: []function.Problem{{Path: "kernels", Message: fmt.Sprintf("the kernels come from %d libraries (%s); a function's kernels come from one library on this server", len(plan.Libraries), strings.Join(quoteAll(plan.Libraries), ", "))}}}
	}
	return nil
}

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }

// readHeader reads and checks the header of the safetensors file at path.
func readHeader(path string) (*weights.Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return weights.ReadHeader(f, fi.Size())
}
