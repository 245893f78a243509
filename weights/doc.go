// Package weights reads weight sets: safetensors files, the format PyTorch users already have
// (torch's safetensors.torch.save_file, Hugging Face checkpoints). It is a leaf: bytes in,
// values out; it does no I/O but through the io.ReaderAt it is given, and starts no goroutines.
// Every value it returns is immutable and safe for concurrent use.
//
// # The format
//
//	[8 bytes]  N, the header's length, an unsigned little-endian 64-bit integer
//	[N bytes]  the header: a UTF-8 JSON object, possibly padded at its end with spaces
//	[rest]     the data: every tensor's bytes, back to back
//
// The header maps each tensor's name to {"dtype": D, "shape": [d0, d1, ...], "data_offsets":
// [begin, end]}, offsets counted from the first byte of the data; the optional key
// "__metadata__" maps strings to strings.
//
// # What Parse checks
//
// The whole header, so that a file it accepts can be copied range by range onto a device
// without another check:
//
//   - 2 <= N <= MaxHeaderBytes (100 MiB) and 8+N <= the file's size;
//   - the header is one JSON object (trailing spaces allowed, nothing else after it), with no
//     key twice; a tensor's entry has exactly the three fields above; names are 1 to
//     MaxNameBytes (1024) bytes of UTF-8 without NUL; at most MaxTensors (65,536) tensors;
//   - dtype is one of the byte-sized dtypes of the format (BOOL, U8, I8, F8_E4M3, F8_E5M2,
//     F8_E8M0, I16, U16, F16, BF16, I32, U32, F32, I64, U64, F64, C64); the sub-byte ones (F4,
//     F6_*) are refused by name;
//   - shape has at most MaxRank (16) dimensions, and the product of its dimensions times the
//     dtype's size, computed without overflow, equals end-begin;
//   - sorted by begin, the ranges tile the data exactly: the first begins at 0, each begins
//     where the one before ended (no gap, no overlap), and the last ends at the end of the
//     file: no trailing bytes (these are the rules of the reference implementation in Rust);
//   - "__metadata__", when present, is an object of strings.
//
// Every error wraps ErrInvalid and says what is wrong and where.
package weights
