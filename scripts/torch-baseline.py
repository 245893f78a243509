#!/usr/bin/env python3
"""PyTorch's own latency for the models gpufn serves from bundles: the baseline of issue 17.

Runs ON THE GPU MACHINE (torch 2.11, torchvision, transformers; no network), from the
repository root, in one process:

    python3 scripts/torch-baseline.py --out results/DIR/torch-baseline.json
    python3 scripts/torch-baseline.py --models resnet18 --configs eager-fp32,compile-ro-bf16 --seconds 1

The models are built as the exporter builds them (tools/export/compile.py, build(), written out
here): the same definitions and seeds, random weights after torch.manual_seed(SEED), inputs from a generator
seeded SEED+1:
  - resnet18: torchvision.models.resnet18(weights=None), input [batch, 3, 224, 224];
  - bert: transformers.BertModel(BertConfig(), add_pooling_layer=False) with
    config._attn_implementation = "eager", returning last_hidden_state, input ids [batch, 128].

Configurations (--configs; each model, batch 1 unless said):
  eager-fp32        the model in float32, eager
  eager-bf16        the model in bfloat16, eager
  compile-bf16      torch.compile(model) (default mode), bfloat16
  compile-ro-bf16   torch.compile(model, mode="reduce-overhead") (CUDA graphs), bfloat16, at
                    batch 1 and at --big-batch (default 32)

Method, per configuration: under torch.inference_mode(), WARMUP calls (compilation happens in
the first ones; its time is reported as compile_s), then calls one at a time, each timed with
a pair of CUDA events around it on the current stream and synchronized after it, for
--seconds (at most --max-iters calls, at least 10): p50, p90, mean and min of those per-call
latencies (ms: launch and GPU time of one call, as a client that waits for each answer sees it).
Then the same number of calls back to back without synchronizing between them (one
synchronize at the end) for the throughput: items/s = batch x calls / elapsed. Before each
call of a reduce-overhead model, torch.compiler.cudagraph_mark_step_begin() (the outputs of
the last replay are not kept). PyTorch's defaults are left as they are (cuDNN may use TF32 for
fp32 convolutions, matmuls do not; cudnn.benchmark off); the JSON records them.

Output: a JSON file (kind "torch-baseline", read by `gpufn bench report` for the models
section of summary.md) and a table on stdout. A configuration that fails is recorded with its
error and the others still run.
"""

import argparse
import datetime
import json
import math
import sys
import time
import traceback

CONFIGS = ["eager-fp32", "eager-bf16", "compile-bf16", "compile-ro-bf16"]


def build(torch, name, batch, seed):
    """(model, inputs) on the CPU, as tools/export/compile.py's build() makes them (written out
    here rather than imported, so that nothing the exporter sets at import changes PyTorch's
    configuration; weights and inputs do not change a latency, the definitions do)."""
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed + 1)
    if name == "bert":
        import transformers

        class LastHidden(torch.nn.Module):
            def __init__(self, model):
                super().__init__()
                self.model = model

            def forward(self, input_ids):
                return self.model(input_ids).last_hidden_state

        cfg = transformers.BertConfig()
        cfg._attn_implementation = "eager"
        model = LastHidden(transformers.BertModel(cfg, add_pooling_layer=False))
        return model, (torch.randint(0, cfg.vocab_size, (batch, 128), generator=gen),)
    import torchvision
    model = getattr(torchvision.models, name)(weights=None)
    return model, (torch.randn(batch, 3, 224, 224, generator=gen),)


def percentile(sorted_vals, q):
    if not sorted_vals:
        return 0.0
    return sorted_vals[min(len(sorted_vals) - 1, int(math.floor(q * len(sorted_vals))))]


def measure(torch, fn, inputs, batch, seconds, max_iters, warmup, mark_step):
    """Per-call latencies (CUDA events, synchronized per call) and back-to-back throughput."""
    t0 = time.perf_counter()
    for _ in range(warmup):
        if mark_step:
            torch.compiler.cudagraph_mark_step_begin()
        fn(*inputs)
    torch.cuda.synchronize()
    warm_s = time.perf_counter() - t0
    lat = []
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    deadline = time.perf_counter() + seconds
    while len(lat) < max_iters and (len(lat) < 10 or time.perf_counter() < deadline):
        if mark_step:
            torch.compiler.cudagraph_mark_step_begin()
        start.record()
        fn(*inputs)
        end.record()
        end.synchronize()
        lat.append(start.elapsed_time(end))
    n = len(lat)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        if mark_step:
            torch.compiler.cudagraph_mark_step_begin()
        fn(*inputs)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - t0
    lat.sort()
    return {
        "p50_ms": percentile(lat, 0.5), "p90_ms": percentile(lat, 0.9), "min_ms": lat[0],
        "mean_ms": sum(lat) / n, "iterations": n, "items_per_s": batch * n / elapsed, "warmup_s": warm_s,
    }


def run_config(torch, name, config, batch, args):
    dtype = torch.float32 if config.endswith("fp32") else torch.bfloat16
    model, inputs = build(torch, name, batch, args.seed)
    model = model.eval().to("cuda", dtype)
    inputs = tuple(t.to("cuda", dtype) if t.is_floating_point() else t.to("cuda") for t in inputs)
    torch._dynamo.reset()
    fn, warmup, mark = model, args.warmup, False
    if config == "compile-bf16":
        fn = torch.compile(model)
    elif config == "compile-ro-bf16":
        fn, mark = torch.compile(model, mode="reduce-overhead"), True
    r = {"model": name, "config": config, "batch": batch, "dtype": str(dtype).replace("torch.", "")}
    with torch.inference_mode():
        if fn is not model:
            # The first call compiles (and a reduce-overhead model records its graph in the
            # next ones): time it apart.
            t0 = time.perf_counter()
            if mark:
                torch.compiler.cudagraph_mark_step_begin()
            fn(*inputs)
            torch.cuda.synchronize()
            r["compile_s"] = time.perf_counter() - t0
        r.update(measure(torch, fn, inputs, batch, args.seconds, args.max_iters, warmup, mark))
    del fn, model, inputs
    torch._dynamo.reset()
    torch.cuda.empty_cache()
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="resnet18,bert")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--big-batch", type=int, default=32, help="the second batch of compile-ro-bf16 (0: none)")
    ap.add_argument("--seed", type=int, default=0, help="the exporter's default seed")
    ap.add_argument("--seconds", type=float, default=2.0, help="timed per-call loop per configuration")
    ap.add_argument("--max-iters", type=int, default=5000)
    ap.add_argument("--warmup", type=int, default=20, help="calls before timing (after the compiling call)")
    ap.add_argument("--out", default="torch-baseline.json")
    args = ap.parse_args()

    import torch
    if not torch.cuda.is_available():
        print("torch-baseline: no CUDA device", file=sys.stderr)
        return 1
    versions = {"torch": torch.__version__}
    for mod in ("torchvision", "transformers", "triton"):
        try:
            versions[mod] = __import__(mod).__version__
        except Exception:
            versions[mod] = None
    out = {
        "kind": "torch-baseline", "version": 1,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "torch": torch.__version__, "versions": versions, "gpu": torch.cuda.get_device_name(0),
        "seed": args.seed, "seconds": args.seconds, "warmup": args.warmup,
        "settings": {"cudnn_allow_tf32": torch.backends.cudnn.allow_tf32,
                     "matmul_allow_tf32": torch.backends.cuda.matmul.allow_tf32,
                     "cudnn_benchmark": torch.backends.cudnn.benchmark},
        "method": "per call: CUDA events around one call, synchronized after it (p50 over --seconds); "
                  "items/s: as many calls back to back, one synchronize at the end",
        "runs": [],
    }
    plan = []
    for name in [m for m in args.models.split(",") if m]:
        for config in [c for c in args.configs.split(",") if c]:
            if config not in CONFIGS:
                print(f"torch-baseline: unknown config {config} (want {', '.join(CONFIGS)})", file=sys.stderr)
                return 2
            plan.append((name, config, 1))
            if config == "compile-ro-bf16" and args.big_batch > 1:
                plan.append((name, config, args.big_batch))
    for name, config, batch in plan:
        t0 = time.perf_counter()
        try:
            r = run_config(torch, name, config, batch, args)
        except Exception as e:  # recorded; the other configurations still run
            traceback.print_exc()
            r = {"model": name, "config": config, "batch": batch, "error": f"{type(e).__name__}: {e}"[:500]}
            torch._dynamo.reset()
            torch.cuda.empty_cache()
        r["wall_s"] = time.perf_counter() - t0
        out["runs"].append(r)
        line = f"{name:9} {config:16} b{batch:<3}"
        if "error" in r:
            line += f" error: {r['error'][:120]}"
        else:
            line += f" p50 {r['p50_ms']:.3f} ms  {r['items_per_s']:.0f}/s  ({r['iterations']} calls"
            line += f", compile {r['compile_s']:.1f} s)" if "compile_s" in r else ")"
        print(line, flush=True)
        with open(args.out, "w") as f:  # after every configuration: a later crash keeps the rest
            json.dump(out, f, indent=1)
    print(f"\n| model | config | batch | p50 (ms) | p90 (ms) | items/s | compile (s) |\n|---|---|---:|---:|---:|---:|---:|")
    for r in out["runs"]:
        if "error" in r:
            print(f"| {r['model']} | {r['config']} | {r['batch']} | error | | | |")
        else:
            c = f"{r['compile_s']:.1f}" if "compile_s" in r else "-"
            print(f"| {r['model']} | {r['config']} | {r['batch']} | {r['p50_ms']:.3f} | {r['p90_ms']:.3f} | {r['items_per_s']:.0f} | {c} |")
    print(f"\ntorch-baseline: {args.out}")
    return 1 if any("error" in r for r in out["runs"]) else 0


if __name__ == "__main__":
    sys.exit(main())
