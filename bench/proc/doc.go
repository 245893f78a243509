// Package proc starts the servers the bench measures as child processes and stops them: gpufn
// in one configuration, the dedicated baseline, the HTTP floor's echo server, or a test
// binary standing in for one (ServerSpec, StartServer). A server gets a free loopback port
// (--listen 127.0.0.1:PORT is added to its arguments), CUDA_CACHE_DISABLE=1, a process group of
// its own (so that killing it takes its workers too) and, optionally, a log file; StartServer
// returns once its GET /readyz answers 200.
//
// TreeCPU (Server.CPU) reads the CPU time of a server and of every process below it from
// /proc/PID/stat (ParseStat), for the server's CPU per invocation.
//
// It talks to the child over HTTP only (it imports no package of the bench or of the server).
//
// StartServer starts one goroutine per server that waits for the process to exit (Server.Exited
// is closed then); it ends with the process. Server.Stop is safe to call more than once and from
// several goroutines: the first call stops the server, the others return its result.
package proc
