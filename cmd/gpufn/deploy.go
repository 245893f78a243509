package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"gpufn/bundle"
)

const deployUsage = `gpufn deploy [--url URL] [--token TOKEN] [--check | --check-only] DIR

Uploads a bundle that the exporter wrote (python -m tools.export; docs/export.md): every
library of DIR/gpufn-bundle.json, its weight set, its batch variants (each a function, in the
order listed; docs/batching.md), then its function. With --check, invokes the
function with the bundle's reference inputs and compares the outputs with the reference
outputs, within a bound by dtype (F32 2e-3, F16 1e-2, BF16 3e-2 relative; other dtypes exact).
With --check-only, uploads nothing and only checks a bundle deployed before (after a restart,
say): a function the server does not have is an error.
--url and --token default as for the other client commands ($GPUFN_URL, $GPUFN_TOKEN).
`

func deploy(args []string) int {
	fs := flag.NewFlagSet("deploy", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, deployUsage) }
	url := fs.String("url", "", "server URL (default $GPUFN_URL or http://127.0.0.1:8080)")
	token := fs.String("token", "", "bearer token (default $GPUFN_TOKEN)")
	check := fs.Bool("check", false, "invoke with the reference inputs and compare the outputs")
	checkOnly := fs.Bool("check-only", false, "upload nothing: only invoke the deployed function with the reference inputs and compare")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return parseStatus(err) // the usage was printed
	}
	if len(rest) != 1 || *check && *checkOnly {
		fs.Usage()
		return 2
	}
	env := &clientEnv{c: &http.Client{Timeout: 10 * time.Minute}, base: serverURL(*url), token: clientToken(*token), stdout: os.Stdout, stderr: os.Stderr}
	mode := deployOnly
	if *check {
		mode = deployCheck
	} else if *checkOnly {
		mode = checkOnlyMode
	}
	if err := env.deployBundle(rest[0], mode); err != nil {
		fmt.Fprintf(os.Stderr, "gpufn deploy: %v\n", err)
		return 1
	}
	return 0
}

// deployMode is what deployBundle does: upload, upload and check, or check alone.
type deployMode int

const (
	deployOnly deployMode = iota
	deployCheck
	checkOnlyMode
)

// deployBundle uploads a bundle (package bundle does the work) and, in the check modes,
// invokes its function with the reference inputs and compares the outputs with the reference
// outputs (checkOnlyMode uploads nothing).
func (env *clientEnv) deployBundle(dir string, mode deployMode) error {
	b, err := bundle.Open(dir)
	if err != nil {
		return err
	}
	if mode != checkOnlyMode {
		err = b.Deploy(func(path, ctype string, data []byte) error {
			if err := env.call("PUT", path, ctype, data, io.Discard); err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "PUT %s (%d bytes)\n", path, len(data))
			return nil
		})
	}
	if err != nil || mode == deployOnly {
		return err
	}
	if b.Manifest.Reference == nil {
		if mode == checkOnlyMode {
			return fmt.Errorf("bundle %s has no reference inputs and outputs to check against", dir)
		}
		return nil
	}
	in, want, err := b.Reference()
	if err != nil {
		return err
	}
	body, err := bundle.RequestBody(in)
	if err != nil {
		return err
	}
	_, data, err := env.request("POST", "/v1/functions/"+b.Function+"/invoke", "application/msgpack", body, nil)
	if err != nil {
		return err
	}
	if err := bundle.CheckAnswer(data, want); err != nil {
		return err
	}
	for _, t := range want {
		fmt.Fprintf(env.stdout, "output %s matches the reference (%s, %d bytes)\n", t.Name, t.DType, len(t.Data))
	}
	return nil
}
