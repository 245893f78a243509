// Package worker owns both ends of the pipe between the server and a worker process (`gpufn
// worker`, started by the server only), and THE protocol between them (protocol.go: every
// message type, the framing, the version, the handshake; docs/protocol.md writes it down).
//
// # The contract
//
// A worker owns one device context, one device pool (package bufpool), a module cache and C
// shared-memory contexts (C is 1, or 2 when the engine pipelines), handed to it at start as
// sealed memfds on descriptors 5..5+C-1; requests come on descriptor 3 and replies go out on
// descriptor 4. Neither is stdin or stdout: a kernel's device printf writes to fd 1 of its
// process, so fd 1 points to /dev/null and nothing a kernel prints can reach the protocol.
//
//   - Handshake: the server starts the worker with the environment cookie CookieKey=CookieValue
//     (the worker refuses to run without it) and waits, under a start timeout, for a Hello whose
//     Version equals Version.
//   - Pipelining: the worker runs requests one at a time, in the order they came, and answers
//     each before it reads the next. The server may send a request while an earlier one runs,
//     at most one per context (the next invocation's inputs go into the context the running one
//     does not use), and reads the results in the order it sent the requests. So with two
//     contexts the worker finds its next request waiting and never waits for the server's
//     copies. Every result names the request it answers (Result.ID == Invoke.ID), and the
//     server checks it: a result for anything but the oldest unanswered request is a protocol
//     violation, and the worker is killed.
//   - Data: the server writes an invocation's inputs into its context from offset 0; the worker
//     copies them to the device, runs the control flow on the default stream, copies the
//     outputs into the context's output area and zeroes every device byte the invocation used,
//     on success and on failure, before it answers.
//   - Errors: a result carries a WireError with a code of package call's catalogue; Fatal
//     means the device is lost and the worker exits after replying.
//   - Compiling: a compile request (Compile, answered by Compiled) asks the worker to compile
//     PTX with its device (a gpu.Compiler). The server sends it to a compile worker only: one
//     started without a pool (package compiler), so that no device call happens in the server.
//     Process.Compile raises the reply frame limit for that one answer (the cubin).
//   - Doorbells: besides the frames, the tail of context 0 holds two words the sides store
//     request and reply IDs in, so that a spinning reader loads memory instead of calling
//     read(2) each turn. They carry no data and decide nothing.
//
// # The two sides
//
// The server side is Process (Start, Send, Receive and friends, Terminate, Kill, Stop): one
// owner goroutine drives a Process (the engine's); Terminate and Done may be used from any
// goroutine. Start starts two goroutines per worker: one forwards the worker's stderr to the
// server's log tagged with the worker's ID, one reaps the process and closes Done when it
// exits. Every worker leads a process group of its own and gets SIGKILL when the server dies
// (spawn.go: a Ctrl-C or a control-group SIGTERM reaches the server only, which drains; the
// parent-death signal is tied to the starting thread, so one locked thread starts them all).
// Probe starts a worker that only reports the devices it sees: device discovery never
// calls a device in the server process.
//
// The worker side is Main (the `gpufn worker` command) and the Executor, which runs one
// invocation on a device; Main runs one goroutine (the request loop) and no other.
package worker
