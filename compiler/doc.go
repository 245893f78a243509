// Package compiler compiles uploaded PTX outside the server process: the server side of
// compile-at-upload. The dispatcher asks it (through the Compiler interface the dispatcher
// declares); cmd/gpufn wires it on CUDA servers.
//
// It owns a small pool of compile workers per GPU architecture the server has (Targets), at
// most Options.Workers each (default DefaultWorkers(): min(4, max(1, CPUs/4)); gpufn serve
// --compile-workers). A compile worker is a `gpufn worker` on a GPU of that architecture,
// started without a device pool and with one small context (package worker's protocol:
// compile and compiled).
//
// A compile takes an idle worker of its architecture: the lowest-numbered idle one that runs,
// else a slot without a worker, whose worker is started for it. When all are busy it waits,
// and the compiles waiting are served first come first served, each by the first worker that
// frees: none is passed over. So up to Options.Workers compiles of one architecture run at
// once, each in its own process; identical PTX is compiled once anyway (the dispatcher's
// cache joins concurrent uploads of the same PTX to one compile). A worker that cannot start
// while others of its architecture run (under MPS: no room on the GPU for one more context)
// fails no compile: the compile waits, ahead of those that came after it, for a worker that
// runs, and the architecture keeps to the workers that run until all have stopped. One that
// cannot start when none runs is unavailable.
//
// Each worker is stopped after it has been idle for Options.Idle (its CUDA context holds
// device memory): as the load drops, compiles keep to the lowest workers and the others stop,
// and with no compiles all of them stop. A worker that dies during a compile (a crash, or an
// MPS client torn down by another client's fault) is replaced in its slot and the compile
// tried once more; a compile that overruns Options.Timeout has its own worker killed, and the
// other workers' compiles go on.
//
// A Pool is safe for concurrent use. Besides the two goroutines package worker starts per
// worker process, it starts one timer per worker slot (the idle stop), whose function runs on
// a goroutine of its own when it fires. Close stops every worker and timer.
package compiler
