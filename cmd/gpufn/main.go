// Command gpufn runs untrusted GPU kernels as serverless functions.
//
//	gpufn serve [flags]                  run the server
//	gpufn upload NAME FILE               upload a kernel library
//	gpufn register NAME CONFIG.json      register a function
//	gpufn invoke NAME -i input=... ...   invoke a function
//	gpufn ls [libraries|functions|engines]
//	gpufn rm, access, grant, revoke      delete; who may invoke a function
//	gpufn version                        the build's version
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
  gpufn access FUNCTION                 who may invoke a function besides its tenant
  gpufn grant FUNCTION TENANT ...       let tenants invoke it (--public: everyone)
  gpufn revoke FUNCTION TENANT ...      stop letting them
  gpufn deploy [--check] DIR            upload a bundle of python -m tools.export (docs/export.md)
  gpufn version                         print the version
  gpufn bench VERB ...                  load generator and comparisons (gpufn bench -h)
  gpufn worker ...                      a worker process; started by the server, not by hand

Client commands talk to --url, or $GPUFN_URL, or http://127.0.0.1:8080, and send --token,
or $GPUFN_TOKEN (gpufn invoke -h lists every client command and flag).
`

// version is the build's version: the Makefile sets it from git describe
// (-ldflags "-X main.version=..."); a plain go build leaves "dev".
var version = "dev"

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
	case "version", "--version":
		fmt.Println("gpufn", version)
	case "upload", "upload-weights", "register", "invoke", "ls", "rm", "access", "grant", "revoke":
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
