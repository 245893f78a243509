// Package floor measures the HTTP floor: what a request and an answer of the workloads' sizes
// cost on loopback with the bench's own client and request path against a trivial fasthttp
// server that does nothing (EchoHandler, in the bench's process or as a process of its own:
// ServeEcho, `gpufn bench echo-server`). Measure writes a Result (kind "http-floor"): serial
// round trips, a closed-loop throughput with the client's CPU per request, and an open-loop
// run at a low rate. It also holds the GPU floor's file format (GPUResult, kind "gpu-floor"),
// which the dedicated baseline's --floor mode measures in process (package gpufn/baseline).
//
// Measure runs on the calling goroutine and uses the load generator's goroutines (package
// load); an in-process echo server serves on one goroutine until Measure returns, and an echo
// process it started is stopped before it returns. ServeEcho serves until its context ends,
// with one more goroutine that waits for that. Result types are plain data.
package floor
