"""python -m tools.export: the gpufn exporter's command line (docs/export.md).

    python -m tools.export model MODEL --out DIR [--dtype bf16] [--batch 1,32] [--seed 0] [--name N]
        compile, bundle, weights and check, for each batch size: DIR/b{batch} (needs torch,
        triton and a GPU)
    python -m tools.export compile MODEL --out RAW [--dtype bf16] [--batch 1] [--seed 0]
        only AOTInductor's compile (the slow step) into a raw directory (needs torch and a GPU)
    python -m tools.export bundle --raw RAW --out DIR --name FUNCTION [--weight-set SET] [--cubins DIR]
        a bundle from a raw directory, without weights (no torch: what CI tests)
    python -m tools.export batch --out DIR B1 B4 ... [--preferred 4,32] [--max-queue-delay-us 0] [--partial pad]
        one bundle of a model's batch variants (docs/batching.md), from its bundles (no torch)
    python -m tools.export weights DIR
        regenerate DIR/weights.safetensors from the seed in DIR/export.json (needs torch)
"""

import argparse
import json
import sys

from . import bundle, parse


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.export")
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("model", help="export a PyTorch model (needs torch and a GPU)")
    m.add_argument("model", help="a torchvision model name, bert, or module:function returning (model, example_inputs)")
    m.add_argument("--out", required=True)
    m.add_argument("--name", default=None, help="the function's name stem (default: the model's); functions are NAME-b{batch}")
    m.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp32"])
    m.add_argument("--batch", default="1", help="batch sizes, comma-separated (one bundle each)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--no-check", action="store_true", help="skip running the bundle against eager PyTorch")
    c = sub.add_parser("compile", help="only AOTInductor's compile, into a raw directory (needs torch and a GPU)")
    c.add_argument("model")
    c.add_argument("--out", required=True)
    c.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp32"])
    c.add_argument("--batch", type=int, default=1)
    c.add_argument("--seed", type=int, default=0)
    b = sub.add_parser("bundle", help="a bundle from a raw directory (no torch)")
    b.add_argument("--raw", required=True)
    b.add_argument("--out", required=True)
    b.add_argument("--name", required=True, help="the function's name")
    b.add_argument("--weight-set", default=None, help="the weight set's name (default: the function's)")
    b.add_argument("--cubins", default=None, help="where the cubins are when not in RAW/kernels")
    v = sub.add_parser("batch", help="one bundle of a model's batch variants, with its batching declaration (no torch)")
    v.add_argument("bundles", nargs="+", help="the bundles of one model, one of batch 1")
    v.add_argument("--out", required=True)
    v.add_argument("--preferred", default=None, help="preferred batch sizes, comma-separated (default: every variant's)")
    v.add_argument("--max-queue-delay-us", type=int, default=0)
    v.add_argument("--partial", default="pad", choices=["pad", "largest_fit"])
    w = sub.add_parser("weights", help="regenerate a bundle's weights from its seed (needs torch)")
    w.add_argument("bundle")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "compile":
            from . import compile as aoti  # torch is imported here only
            out = aoti.compile_raw(args.model, args.out, args.dtype, args.batch, args.seed)
        elif args.cmd == "bundle":
            out = bundle.from_raw(args.raw, args.out, args.name, args.weight_set or args.name, cubins=args.cubins)
        elif args.cmd == "batch":
            pref = [int(x) for x in args.preferred.split(",")] if args.preferred else None
            out = bundle.combine(args.bundles, args.out, pref, args.max_queue_delay_us, args.partial)
        elif args.cmd == "weights":
            from . import export
            out = {"bundle": args.bundle, "tensors": export.write_weights(args.bundle)}
        else:
            from . import export
            out = export.export(args.model, args.out, args.name, args.dtype,
                                [int(x) for x in args.batch.split(",")], args.seed, check=not args.no_check)
    except parse.ExportError as e:
        print(f"gpufn export: {e}", file=sys.stderr)
        return 1
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
