package dispatcher

import (
	"fmt"
	"strings"

	"gpufn/call"
	"gpufn/function"
)

// checkRunnable refuses what a config may say but this server cannot run yet: kernels from
// several libraries (the v2 form's modules; a function loads one library), and weights
// without a weight set of the tenant to bind them to.
func checkRunnable(plan *function.Plan) *Error {
	if len(plan.Libraries) > 1 {
		return &Error{Code: call.CodeInvalidConfig, Message: "kernels from several modules",
			Problems: []function.Problem{{Path: "kernels", Message: fmt.Sprintf("the kernels come from %d libraries (%s); a function's kernels come from one library on this server", len(plan.Libraries), strings.Join(quoteAll(plan.Libraries), ", "))}}}
	}
	if len(plan.Weights) > 0 {
		return &Error{Code: call.CodeInvalidConfig, Message: "weights are not runnable yet",
			Problems: []function.Problem{{Path: "blueprint.weights", Message: "this server does not bind weights to functions yet"}}}
	}
	return nil
}
