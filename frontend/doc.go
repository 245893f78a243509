// Package frontend is gpufn's HTTP face: a fasthttp server with the routes of docs/api.md, the
// door (a request's header is judged before its body is read: door.go), request decoding and
// size limits, the mapping of every error to an honest status and a JSON body
// {"error": {"code", "message"}} ({"error": "message"} under /v2, the Open Inference
// Protocol's shape: oip.go), and health and readiness. It records each invocation's outcome
// and timing in the server's metrics (package metrics; GET /metrics, admin only under
// --tokens: docs/metrics.md).
//
// Routes: every route is one row of routeTable (routes.go): method, path pattern, who may use
// it (public, any tenant, admin) and handler; the router serves exactly the table. Adding a
// route is that row plus its operation in docs/openapi.json (served at GET /openapi.json; a
// namespace row, ns, is served, and documented, at /v1/... and at /v1/tenants/{tenant}/...) and
// a line in docs/api.md: TestOpenAPIRoutes fails until the table and the document list the same
// routes, and TestOpenAPIAnswers checks answers against the document's schemas.
//
// The invoke path decodes the msgpack (or raw) body in place, hands the inputs to the
// dispatcher, waits for the engine's answer in the request's goroutine, and encodes the outputs
// straight into the response: it does not allocate in steady state. The /v2 inference route
// (oip.go, oiptensor.go) maps JSON or binary tensors to a function's inputs and outputs. With
// Config.AccessLog each invocation also writes one line (accesslog.go); without, nothing is
// done for it. /healthz answers "ok gpufn VERSION" (Config.Version).
//
// In a cluster (cluster.go, docs/cluster.md) a registration's answer carries the registry
// revision (X-Gpufn-Revision), a request may ask for one (X-Gpufn-Min-Revision: a bounded wait,
// then 503), an invocation refused for full queues is offered to Config.Overflow (forwarded
// once, X-Gpufn-Forwarded), and GET /v1/cluster shows the node's status to admins.
//
// A Server is safe for concurrent use; fasthttp runs each request on its own goroutine. It
// touches no device.
package frontend
