package main

// The layering of gpufn, as a table: each rule names a package (a path relative to the module;
// "x/..." is x and everything below it; "*" is every package) and either the only project
// packages it may import (only) or those it must not import (deny). Imports are the packages'
// own, not their tests'. docs/architecture.md draws the same picture.
var rules = []rule{
	// The leaves: what crosses the layers, and what every layer may read.
	{pkg: "gpu", only: []string{}, why: "the device contract is a leaf"},
	{pkg: "libscan", only: []string{}, why: "library scanning and architecture checks are a leaf"},
	{pkg: "weights", only: []string{}, why: "reading safetensors weight sets is a leaf"},
	{pkg: "bundle", only: []string{"weights"}, why: "a model bundle as a client reads, uploads and checks it: a leaf above the safetensors reader, no HTTP of its own"},
	{pkg: "function", only: []string{"libscan"}, why: "the config schema is a leaf above library scanning only"},
	{pkg: "docs", only: []string{}, why: "the documents the server serves are a leaf"},
	{pkg: "internal/freeport", only: []string{}, why: "finding free loopback ports outside the ephemeral range is a leaf, for the bench's servers and the tests' (internal/testport)"},
	{pkg: "internal/testport", only: []string{"internal/freeport"}, why: "the tests' port helper wraps freeport only"},
	{pkg: "netspin", only: []string{}, why: "spinning reads of a connection are a leaf, so that the frontend and the bench's client, which must not import each other, share them"},
	{pkg: "call", only: []string{"function", "libscan", "gpu"}, why: "what crosses the layers is a leaf above the schema, library scanning and the device contract's data types"},

	// The invocation's path, top down: frontend -> dispatcher -> engine -> worker -> device.
	{pkg: "frontend", only: []string{"dispatcher", "auth", "call", "function", "libscan", "metrics", "docs", "netspin"},
		why: "the frontend speaks HTTP to the dispatcher and the leaves; it never reaches an engine, a worker, a device, a pool or shared memory"},
	{pkg: "dispatcher", deny: []string{"engine", "worker", "compiler", "cuda", "hip", "cpu", "bufpool", "shm"},
		why: "the dispatcher admits and places invocations through the Engine interface it declares, and compiles through its Compiler interface; it knows no worker, compiler, device, pool or shared memory"},
	{pkg: "engine", deny: []string{"cuda", "hip", "cpu", "bufpool", "frontend", "dispatcher"},
		why: "the engine drives worker processes; it never calls a device or owns a pool, and knows nothing above it"},
	{pkg: "worker", deny: []string{"engine", "dispatcher", "frontend"},
		why: "the worker runs below the engine and knows nothing above it"},
	// Beside the path: compiling uploaded PTX in compile workers, for the dispatcher.
	{pkg: "compiler", only: []string{"worker", "call"},
		why: "the compiler drives compile workers through package worker and answers in call's codes; the dispatcher reaches it through the Compiler interface it declares"},

	// The registry: its contract over the store, its JetStream implementation, and the node of
	// a cluster, which wires the registry into a dispatcher and a frontend.
	{pkg: "registry", only: []string{"store"}, why: "the registry contract and its single-node implementation sit over the store only"},
	{pkg: "registry/jetstream", only: []string{"registry", "store"}, why: "the JetStream registry implements the contract and knows nothing of the server"},
	{pkg: "registry/registrytest", only: []string{"registry", "store"}, why: "the conformance suite tests the contract only"},
	{pkg: "cluster", only: []string{"registry", "registry/jetstream", "store", "call"},
		why: "a cluster node runs the embedded nats-server, applies the registry's changes through the Dispatcher interface it declares and forwards overflow over HTTP; it never reaches an engine, a worker or a device"},
	// Beside the frontend: the Prometheus registry, fed by the frontend and by engine stats.
	{pkg: "metrics", only: []string{"call"},
		why: "the metrics read what crosses the layers (invocations' timing, engine stats) and nothing else"},

	// The bench measures servers from the outside.
	{pkg: "bench/...", only: []string{"examples", "bundle", "netspin", "internal/freeport", "bench/..."},
		why: "the bench talks HTTP only: it imports no server package (bundle is the client's side of model bundles, netspin the spinning reads of its connections, freeport the ports of the servers it starts)"},

	// Devices are wired in main only.
	{pkg: "*", deny: []string{"cuda", "hip", "cpu"}, except: []string{"cmd/..."},
		why: "only cmd/... imports device implementations (the rest sees gpu.Device)"},
}
