"""python -m tools.export: the gpufn exporter's command line (docs/export.md).

    python -m tools.export model MODEL --out DIR [--dtype bf16|fp16|fp32] [--batch 1] [--seed 0]
        export a torchvision/transformers model name, or module:function returning
        (model, example_inputs), with AOTInductor and Triton-only kernels (needs torch, triton
        and a GPU), and write a bundle
    python -m tools.export bundle --wrapper W.cpp --cubins DIR --weights STATE.safetensors --out DIR
        write a bundle from an AOTInductor output already there (no torch: what CI tests)
"""

import argparse
import json
import sys

from . import bundle, parse, safetensors


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.export")
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("model", help="export a PyTorch model (needs torch and a GPU)")
    m.add_argument("model")
    m.add_argument("--out", required=True)
    m.add_argument("--name", default=None, help="the function's name (default: the model's)")
    m.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp32"])
    m.add_argument("--batch", default="1", help="batch sizes, comma-separated (one bundle each)")
    m.add_argument("--seed", type=int, default=0)
    c = sub.add_parser("compile", help="only AOTInductor's compile, into a raw directory (needs torch and a GPU)")
    c.add_argument("model")
    c.add_argument("--out", required=True)
    c.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp32"])
    c.add_argument("--batch", type=int, default=1)
    c.add_argument("--seed", type=int, default=0)
    b = sub.add_parser("bundle", help="a bundle from an AOTInductor output (no torch)")
    b.add_argument("--wrapper", required=True)
    b.add_argument("--cubins", required=True)
    b.add_argument("--weights", required=True, help="a safetensors file of the model's state dict")
    b.add_argument("--out", required=True)
    b.add_argument("--name", default="model")
    b.add_argument("--weight-set", default="model")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "compile":
            from . import compile as aoti  # torch is imported here only
            manifest = aoti.compile_raw(args.model, args.out, args.dtype, args.batch, args.seed)
        elif args.cmd == "bundle":
            with open(args.wrapper) as f:
                prog = parse.parse(f.read(), args.cubins)
            config = parse.to_config(prog, args.weight_set)
            with open(args.weights, "rb") as f:
                weights, _ = safetensors.decode(f.read())
            manifest = bundle.write(args.out, args.name, prog, config, weights, args.cubins, weight_set=args.weight_set)
        else:
            from . import export  # torch is imported here only
            manifest = export.export(args.model, args.out, args.name, args.dtype,
                                     [int(x) for x in args.batch.split(",")], args.seed)
    except parse.ExportError as e:
        print(f"gpufn export: {e}", file=sys.stderr)
        return 1
    json.dump(manifest, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
