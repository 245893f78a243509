// Package frontend is gpufn's HTTP face: a fasthttp server with the v1 routes of DESIGN.md,
// the door (a request's header is judged before its body is read: door.go), request decoding
// and size limits, the mapping of every error to an honest status and a JSON body
// {"error": {"code", "message"}}, and health and readiness. It records each invocation's outcome
// and timing in the server's metrics (package metrics; GET /metrics, admin only under --tokens:
// docs/metrics.md).
//
// The invoke path decodes the msgpack (or raw) body in place, hands the inputs to the
// dispatcher, waits for the engine's answer in the request's goroutine, and encodes the outputs
// straight into the response: it does not allocate in steady state. With Config.AccessLog
// each invocation also writes one line (accesslog.go); without, nothing is done for it.
// /healthz answers "ok gpufn VERSION" (Config.Version).
//
// A Server is safe for concurrent use; fasthttp runs each request on its own goroutine. It
// touches no device.
package frontend
