// Package bundle is the client's side of a model bundle, the directory that the exporter
// writes (python -m tools.export; docs/export.md): reading its manifest (gpufn-bundle.json)
// and checking that its files are there (a missing weights file is ErrNoWeights: the example
// bundles regenerate theirs from a seed), uploading it through any HTTP client (Deploy: the
// libraries, the weight set, then the function), the request body of an invocation with its
// reference inputs (RequestBody: the msgpack map the invoke route takes), and the comparison
// of outputs with the reference outputs within a bound by dtype (CompareTensor: F32 2e-3, F16
// 1e-2, BF16 3e-2 relative; other dtypes exact).
//
// `gpufn deploy` and the bench's bundle workloads (bench/load) both use it, so that a bundle
// is uploaded, invoked and checked the same way by both. It does no HTTP itself and imports
// only package weights (the safetensors reader), so that the bench, which talks to servers
// over HTTP only, may import it.
package bundle
