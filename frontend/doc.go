// Package frontend is gpufn's HTTP face: a fasthttp server with the v1 routes of DESIGN.md,
// the door (a request's header is judged before its body is read: door.go), request decoding
// and size limits, the mapping of every error to an honest status and a JSON body
// {"error": {"code", "message"}}, and health and readiness.
//
// The invoke path decodes the msgpack (or raw) body in place, hands the inputs to the
// dispatcher, waits for the engine's answer in the request's goroutine, and encodes the outputs
// straight into the response: it does not allocate in steady state.
//
// In a cluster (cluster.go, docs/cluster.md) a registration's answer carries the registry
// revision (X-Gpufn-Revision), a request may ask for one (X-Gpufn-Min-Revision: a bounded wait,
// then 503), an invocation refused for full queues is offered to Config.Overflow (forwarded
// once, X-Gpufn-Forwarded), and GET /v1/cluster shows the node's status to admins.
//
// A Server is safe for concurrent use; fasthttp runs each request on its own goroutine. It
// touches no device.
package frontend
