package gpu

// Compiler is a Device that compiles PTX for itself: the cuda device, with the driver's JIT
// linker (cuLink*). gpufn compiles an uploaded PTX library once, at upload, in a worker
// process (never in the server), loads the cubin in its workers, and decides on the cubin's
// undefined symbols whether the library may call device malloc. HIP needs no Compiler: an
// hsaco is compiled code already. The cpu device runs Go kernels by name and compiles nothing.
//
// The compiler's version is Info().Compiler: a cubin compiled under another version is
// compiled again.
type Compiler interface {
	Device
	// CompilePTX compiles PTX text for this device's architecture and links it into a cubin.
	// log is the compiler's info log on success (warnings; often empty) and its error log on
	// failure. A PTX that does not compile is an error matching ErrInvalidImage; a lost
	// device is fatal as for any call.
	CompilePTX(ptx []byte) (cubin []byte, log string, err error)
}
