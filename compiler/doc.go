// Package compiler compiles uploaded PTX outside the server process: the server side of
// compile-at-upload. The dispatcher asks it (through the Compiler interface the dispatcher
// declares); cmd/gpufn wires it on CUDA servers.
//
// It owns one compile worker per GPU architecture the server has (Targets): a `gpufn worker`
// on a GPU of that architecture, started without a device pool and with one small context
// (package worker's protocol: compile and compiled). A compile worker is started when the
// first compile for its architecture comes, stopped after it has been idle for Options.Idle
// (its CUDA context holds device memory), and started again at the next compile when it died
// or was stopped. A worker that dies during a compile (a crash, or an MPS client torn down by
// another client's fault) is replaced and the compile tried once more; a compile that overruns
// Options.Timeout has its worker killed.
//
// Compiles for one architecture run one at a time, in the order they come (a small pool of
// compile workers would be the next step; the dispatcher's cache already makes an upload of a
// PTX compiled before cost no compile).
//
// A Pool is safe for concurrent use. Besides the two goroutines package worker starts per
// worker process, it starts one timer per architecture (the idle stop), whose function runs on
// a goroutine of its own when it fires. Close stops every worker and timer.
package compiler
