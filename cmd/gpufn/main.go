// Command gpufn runs untrusted GPU kernels as serverless functions.
//
//	gpufn serve [flags]                  run the server
//	gpufn upload NAME FILE               upload a kernel library
//	gpufn register NAME CONFIG.json      register a function
//	gpufn invoke NAME -i input=... ...   invoke a function
//	gpufn ls [libraries|functions|engines]
//	gpufn bench VERB ...                 load generator and comparisons
//	gpufn worker ...                     a worker process (started by the server only)
//
// main only wires: flags, devices, engines, dispatcher, frontend, signals. What each GPU's
// engine gets (its mode under the MPS policy, its pools, its workers' environments) is decided
// by the pure package gpufn/cmd/gpufn/internal/serveplan.
package main

import (
	"fmt"
	"os"

	"gpufn/bench"
	"gpufn/worker"
)

const usage = `gpufn runs GPU kernels as serverless functions.

Usage:
  gpufn serve [flags]                   run the server (gpufn serve -h for its flags)
  gpufn upload NAME FILE                upload a kernel library (PTX, cubin, fatbin, hsaco)
  gpufn register NAME CONFIG.json       register a function from its config
  gpufn invoke NAME -i INPUT=VALUE ...  invoke a function (gpufn invoke -h)
  gpufn upload-weights NAME FILE        upload a weight set (a safetensors file)
  gpufn ls [libraries|functions|weights|engines]
  gpufn rm library|function|weights NAME  delete a library, a function or a weight set
  gpufn deploy [--check] DIR            upload a bundle of python -m tools.export (docs/export.md)
  gpufn bench VERB ...                  load generator and comparisons (gpufn bench -h)
  gpufn worker ...                      a worker process; started by the server, not by hand

Client commands talk to --url, or $GPUFN_URL, or http://127.0.0.1:8080.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	cmd, args := os.Args[1], os.Args[2:]
	var code int
	switch cmd {
	case "serve":
		code = serve(args)
	case "worker":
		code = worker.Main(args, devices{})
	case "bench":
		code = bench.Main(args)
	case "upload", "upload-weights", "register", "invoke", "ls", "rm":
		code = client(cmd, args)
	case "deploy":
		code = deploy(args)
	case "-h", "--help", "help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "gpufn: unknown command %q\n\n%s", cmd, usage)
		code = 2
	}
	os.Exit(code)
}
