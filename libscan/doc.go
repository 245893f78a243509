// Package libscan reads uploaded kernel libraries without running them: it detects what a
// library is (PTX text, a cubin or fatbin for NVIDIA, an hsaco code object or a clang offload
// bundle for AMD), lists its kernels with their parameter sizes where the format says them,
// refuses code that can reach the device heap (docs/hip.md says why and how for AMD; PTX is read
// as ptxas reads it, and text it might read otherwise is refused: ptxtext.go), picks a
// bundle's code object for a device, and checks a library's architecture against a device's
// (CheckArch).
//
// Everything here is pure: bytes in, values out. Nothing touches the filesystem, the network
// or a device, and the package keeps no state: its functions are safe for concurrent use,
// and an Info, once its owner stops changing it, may be read from any goroutine. The package
// starts no goroutines and imports nothing of the project.
package libscan
