// Package baseline is the dedicated single-tenant server the bench compares gpufn against
// (the Dandelion thesis's section 5.1): what a careful engineer writes for ONE workload when
// isolation and multi-tenancy are not wanted.
//
// One workload is built in. At start it loads the example library into one device context,
// allocates every buffer once, pins (cuMemHostRegister) one host staging area, and compiles
// the function's control flow for the workload's fixed configuration into a flat list of
// launches. A request's inputs are copied into the pinned staging area, then host to device;
// the launches run on the default stream; the outputs come back device to host and into the
// answer. There is no zeroing, no isolation, no worker process and no IPC: requests are
// served one at a time by the goroutine that owns the device (locked to its OS thread, since
// a CUDA context is current on one thread), which fasthttp's handlers hand them to.
//
// It serves the same invoke path and body format as gpufn (POST
// /v1/functions/{matmul|inference|inference_batched}/invoke, a msgpack map of inputs; the raw
// output with Accept: application/octet-stream, else a msgpack map), answers /readyz and
// /healthz, and returns a Server-Timing header (queue, h2d, kernel, d2h, total), so the bench
// drives it exactly as it drives gpufn. Its FloorMode measures the in-process GPU floor
// (inputs H2D from pinned memory, kernels, D2H, zeroing, synchronize) without HTTP.
//
// Package baseline imports the device packages and the bench's packages (workloads, the
// msgpack body format, the GPU floor's file); no package under bench imports it.
package baseline
