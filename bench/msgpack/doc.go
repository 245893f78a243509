// Package msgpack encodes and reads the bodies of gpufn's invoke API: msgpack maps of names
// (str) to bytes (bin), exactly that shape, without reflection or allocation. The load
// generator builds its requests and reads msgpack answers with it; the dedicated baseline
// server (package gpufn/baseline) and the bench's fake servers read and write the same bodies.
//
// It holds no state and starts no goroutines; every function is safe for concurrent use.
package msgpack
