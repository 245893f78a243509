// Package engine runs invocations on GPUs through worker processes. An Engine serves one GPU:
// it keeps a bounded queue of invocations (a FIFO per tenant, served in fair turns) and one
// goroutine per worker ("slot") that takes invocations from it, writes their inputs into the
// worker's shared-memory context, sends the small request down the worker's pipe, waits for the
// reply, and copies the outputs out.
//
// Modes: Sequential (the thesis's gpu_thread, made safe) runs one worker that owns the whole
// GPU and its memory; Concurrent (gpu_process) runs N workers that share the GPU, each with 1/N
// of its memory (on NVIDIA under MPS, see package mps); Auto is Concurrent plus a whole-GPU
// worker for invocations that need more than a worker's share.
//
// Supervision: a worker that faults, dies, breaks the protocol or overruns an invocation's
// deadline is killed if needed and replaced (with back-off); the invocation it was running is
// answered with a clean error (kernel_fault, worker_exited, deadline_exceeded) and the
// invocations queued behind it wait for the new worker: nothing queued is lost. Invocations whose
// deadline passes while queued are answered deadline_exceeded by the engine's janitor.
//
// Scheduling: Submit hands an invocation straight to the most recently idle worker (a LIFO
// stack, so the warmest process runs next) or queues it; a full queue is call.ErrQueueFull. Idle
// slot goroutines wait by the polling policy: spin, block, or hybrid (spin a bounded time, then
// park; the default). SubmitInline runs an invocation on the calling goroutine when the most
// recently idle worker's goroutine has parked and nothing is queued: the caller drives that
// slot meanwhile, and its goroutine touches nothing of it until the slot is given back.
//
// # Files, by mechanism
//
//   - config.go: Config, the modes and policies (polling, reply spin), defaults.
//     Read-only once New applied the defaults.
//   - worker.go: the Worker interface the engine needs of a worker (*worker.Process
//     implements it) and Config.Start (default StartProcess). Tests start in-process fakes.
//   - engine.go: Engine, its exported methods, Stats, Shutdown.
//   - queue.go, ring.go: the queue (a FIFO per tenant, fair turns; put-backs first), the
//     per-tenant share in count and bytes, the janitor (type queue).
//   - sched.go: the dispatch state (type sched): the queue, the idle stack, how many run and
//     whether one runs alone (exclusive); hand-offs to idle slots.
//   - slot.go: a slot and its goroutine (loop): keep a worker up, wait for work by the polling
//     policy (the hybrid idle spin), run what it is handed.
//   - lifecycle.go: the worker process of a slot (type lifecycle): start with back-off, loss,
//     stop, and the status other goroutines see.
//   - lease.go: lending an idle slot to another goroutine (type lease): inline runs, and
//     whole-GPU control.
//   - inflight.go: the in-flight state of a worker (type inflight): its contexts, the requests
//     in flight on them, whose data each context holds and its scrubbing, loaded code; start and
//     send an invocation.
//   - reply.go: run an invocation and answer it from its result; put-backs.
//   - await.go: the wait for a result: spinning on Worker.Poll, or parking at once while the
//     worker has the next request waiting.
//   - pipeline.go: pipelining, what may be sent behind a running invocation (Config.NoPipeline).
//   - faults.go: faults and the shared fault domain (type faultDomain): teardowns, re-runs
//     alone, the culprit answered (at once when it ran alone: Engine.aloneInFlight), strikes
//     and quarantine.
//   - recovery.go: the timeline of a recovery from a teardown (type recovery), logged and shown
//     in Stats.LastRecovery (docs/engines.md, "Recovery").
//   - modcache.go: the workers' module cache counters (hits, misses, evictions, bytes), shown
//     in Stats and exported by the metrics.
//   - standby.go: standby workers (Config.Standby): started ahead without their device,
//     promoted by a slot that must start a worker.
//   - rescue.go: rescue workers (Config.Rescue): fault domains of their own (under MPS outside
//     the daemon), idle while the GPU serves; from a teardown until the domain's workers are
//     back they run the interrupted invocations and the queue, and a suspect's lone run is
//     theirs whenever one is up.
//   - affinity.go: tenant-affine workers: a worker that holds one tenant's code or weight sets
//     drops them (worker.MsgDrop) before another tenant's function; idle slots are picked by
//     the tenant their worker holds.
//   - preload.go: preloading (Config.Preload): a published function's libraries and plan
//     loaded by idle workers (worker.MsgLoad) while nothing waits, never evicting, never
//     making a worker take on a tenant; a log each slot goes over, kicked when a slot goes
//     idle with entries left.
//   - batch.go: dynamic batching (docs/batching.md): a slot that takes an invocation of a
//     function that declares batching takes with it the same function's and caller's queued
//     behind it and runs them as one invocation of a batch variant (a carrier,
//     call.BatchRun): the members' inputs written back to back into the context, the outputs
//     split, a failed batch's members put back to run alone. Hooks: slot.dispatch and
//     slot.prefetch (what to run), slot.start (putInputs). batchwait.go: waiting for a
//     batch to fill (max_queue_delay_us), one slot per function and caller, the others
//     handing it what they take (type gatherTable, shared under its own lock).
//   - whole.go: whole-GPU control (Auto mode): pools given back, the whole-GPU worker, pools
//     taken again, as explicit steps of the goroutine that holds the exclusive token.
//
// # Goroutines and ownership
//
// Per slot one goroutine (loop; a rescue slot's is rescueLoop), plus, per worker process, the reaper and stderr forwarder
// started by package worker; one janitor per engine. Shutdown stops them all and is safe to call
// twice. A slot, with its worker and in-flight state, is driven by one goroutine at a
// time: its own goroutine, or, while the slot is lent (taken off the idle stack under sched's
// lock), a submitter running an inline invocation or the holder of the exclusive token changing
// its worker's pool; the Auto mode's whole-GPU worker is a slot without a goroutine, driven only
// by the exclusive token's holder (a slot goroutine running a whole-GPU invocation). Other
// goroutines touch a slot only through its lifecycle status (Stats; a teardown's terminate) and
// its lease flags. The dispatch state is shared under sched's lock; the fault domain's
// generation and the engine's counters are atomic. The worker's reply reader
// never calls into the scheduler: the slot's driver polls the worker and decides.
//
// Submit, SubmitInline, Stats, Ready, Load, MaxNeed, Hello and Shutdown are safe for concurrent
// use; Config, Name, ContextBytes and IOCapacity read only the configuration.
package engine
