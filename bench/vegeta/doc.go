// Package vegeta is the bench's cross-check with vegeta (github.com/tsenart/vegeta), a load
// generator the bench did not write: RunCheck runs the bench (with both of its HTTP clients,
// and on vegeta's own send times) and vegeta at the same rates against the same server, in
// interleaved rounds, and compares their p50 and p99, raw and net of each tool's cost against
// an echo server. A difference beyond the tolerance that the percentiles' sampling error
// explains (their 95% intervals, Interval, from the ranks of the samples) is "within sampling
// error", not a disagreement. A Check (kind "vegeta-check") is what a run writes; WriteSummary
// writes its sections of the results summary.
//
// RunCheck runs vegeta as child processes (attack, encode, report), one at a time, each ended
// before the next starts and all before it returns (a canceled context kills the running one),
// and the bench's runs on the calling goroutine with the load generator's goroutines (package
// load). It keeps vegeta's targets and results in a temporary directory it removes, or in
// Config.WorkDir. Check and the other result types are plain data.
package vegeta
