// Package e2e holds gpufn's end-to-end tests: they start the real gpufn binary (`gpufn serve`,
// with its worker processes, pipes and shared-memory contexts) and talk to it over HTTP only.
//
// In CI they run on the cpu device: `go test ./e2e` builds the binary first. On the GPU machine
// scripts/gpu-test.sh runs the prebuilt test binary with GPUFN_BIN=bin/gpufn and
// GPUFN_E2E_DEVICE=cuda, so the same tests exercise the CUDA device.
package e2e
