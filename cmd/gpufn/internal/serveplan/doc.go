// Package serveplan decides, for gpufn serve, what each GPU's engine gets: the mode after
// the MPS policy, whether the workers run as MPS clients, whether one worker's fault takes
// down the GPU's others, and each engine's pool, usable memory and worker environments.
//
// It is pure: no I/O, no logging, no environment. The server asks WantMPS whether to join or
// start an MPS daemon, does that itself, and hands Make what it got; Make returns the plan and
// the warnings for the server to log.
//
// The package starts no goroutines and keeps no state; its functions are safe for concurrent
// use.
package serveplan
