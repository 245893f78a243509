#!/usr/bin/env python3
"""The PyTorch reference of the batching checks (docs/batching.md): images (or sequences) per
second of torch.compile(mode="reduce-overhead") (CUDA graphs) at a fixed batch, in bf16, random
weights, on the GPU this runs on. Run on the GPU machine (torch, torchvision, transformers):

    python3 scripts/torch-batch-throughput.py --model resnet18 --batch 32
    python3 scripts/torch-batch-throughput.py --model bert --batch 32 --seq 128

It prints one JSON line: {"model", "batch", "dtype", "mode", "items_per_s", "ms_per_batch"}.
gpufn's batching target is at least 0.8x items_per_s of resnet18 at batch 32 (the highest rate
the bench's sweep holds over HTTP with batching on)."""

import argparse
import json
import time

import torch


def build(model, batch, seq, dtype):
    torch.manual_seed(0)
    if model == "resnet18":
        import torchvision

        m = torchvision.models.resnet18()
        x = (torch.randn(batch, 3, 224, 224),)
    elif model == "bert":
        from transformers import BertConfig, BertModel

        m = BertModel(BertConfig())  # BERT-base: 12 layers, hidden 768
        ids = torch.randint(0, m.config.vocab_size, (batch, seq))
        x = (ids, torch.ones(batch, seq, dtype=torch.long))
    else:
        raise SystemExit(f"unknown model {model!r}: resnet18 or bert")
    m = m.eval().cuda().to(dtype)
    x = tuple(t.cuda().to(dtype) if t.is_floating_point() else t.cuda() for t in x)
    return m, x


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="resnet18")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--seq", type=int, default=128, help="bert: sequence length")
    ap.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp32"])
    ap.add_argument("--mode", default="reduce-overhead", help='torch.compile mode ("eager": none)')
    ap.add_argument("--seconds", type=float, default=5.0, help="measured time, after the warm-up")
    a = ap.parse_args()
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[a.dtype]
    m, x = build(a.model, a.batch, a.seq, dtype)
    f = m if a.mode == "eager" else torch.compile(m, mode=a.mode)
    with torch.inference_mode():
        for _ in range(30):  # compile, capture, warm
            f(*x)
        torch.cuda.synchronize()
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < a.seconds:
            for _ in range(20):
                f(*x)
            n += 20
            torch.cuda.synchronize()
        dt = time.perf_counter() - t0
    print(json.dumps({"model": a.model, "batch": a.batch, "dtype": a.dtype, "mode": a.mode,
                      "items_per_s": round(n * a.batch / dt, 1), "ms_per_batch": round(dt / n * 1e3, 4)}))


if __name__ == "__main__":
    main()
