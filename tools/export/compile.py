"""Compile a PyTorch model with AOTInductor into a raw directory (needs torch, triton, a GPU).

    python -m tools.export compile MODEL --out RAW [--dtype bf16] [--batch 1] [--seed 0]

This is the slow step of an export (autotuning every GEMM and convolution among Triton
templates takes minutes), kept apart so that its output can be kept and the bundle made from it
again without a GPU (`python -m tools.export bundle --raw RAW ...`). RAW holds:

    RAW/raw.json                 what was compiled: model, dtype, batch, seed, versions, the
                                 inputs' and outputs' shapes and dtypes, the compile's seconds
    RAW/wrapper.cpp              AOTInductor's C++ wrapper (the launch list parse.py reads)
    RAW/kernels/<name>.cubin     each kernel's cubin, named as the wrapper loads it
    RAW/kernels/<name>.json      Triton's metadata of that cubin (num_warps, shared, scratch)
    RAW/reference/inputs.safetensors, outputs.safetensors   eager PyTorch's pair for the seed
"""

import hashlib
import json
import os
import shutil
import time
import zipfile

import torch

from . import safetensors

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
ST_DTYPE = {torch.bfloat16: "BF16", torch.float16: "F16", torch.float32: "F32", torch.int64: "I64",
            torch.int32: "I32", torch.uint8: "U8", torch.bool: "BOOL"}
# Every kernel a Triton kernel: no cuBLAS or cuDNN calls, which gpufn cannot load.
INDUCTOR = {
    "max_autotune": True,
    "max_autotune_gemm_backends": "TRITON",
    "max_autotune_conv_backends": "TRITON",
    "aot_inductor.package_constants_in_so": False,
}
# Inductor's pattern matcher turns an attention's matmul-softmax-matmul into
# scaled_dot_product_attention, a call into PyTorch's flash attention: not a Triton kernel.
NO_SDPA = {"pattern_matcher": False}


class LastHidden(torch.nn.Module):
    """A transformers encoder whose output is its last hidden state alone."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids):
        return self.model(input_ids).last_hidden_state


def build(spec, batch, seed):
    """(model, example_inputs, inductor options) on the CPU, weights drawn from seed."""
    torch.manual_seed(seed)
    if ":" in spec:
        import importlib
        mod, fn = spec.split(":", 1)
        model, inputs = getattr(importlib.import_module(mod), fn)()
        return model, tuple(inputs), dict(INDUCTOR)
    if spec in ("bert", "bert-base"):
        import transformers
        cfg = transformers.BertConfig()  # BERT-base: 12 layers, hidden 768, 12 heads
        cfg._attn_implementation = "eager"
        model = LastHidden(transformers.BertModel(cfg, add_pooling_layer=False))
        gen = torch.Generator().manual_seed(seed + 1)
        inputs = (torch.randint(0, cfg.vocab_size, (batch, 128), generator=gen),)
        return model, inputs, dict(INDUCTOR, **NO_SDPA)
    import torchvision
    model = getattr(torchvision.models, spec)(weights=None)
    gen = torch.Generator().manual_seed(seed + 1)
    return model, (torch.randn(batch, 3, 224, 224, generator=gen),), dict(INDUCTOR)


def on_device(model, inputs, dtype):
    model = model.eval().to("cuda", dtype)
    inputs = tuple(t.to("cuda", dtype) if t.is_floating_point() else t.to("cuda") for t in inputs)
    return model, inputs


def tensor_bytes(t):
    t = t.detach().contiguous().cpu()
    flat = t.reshape(-1)  # a 0-dim tensor (BatchNorm's num_batches_tracked) cannot be viewed as bytes
    return (ST_DTYPE[t.dtype], tuple(t.shape), flat.view(torch.uint8).numpy().tobytes())


def _describe(ts):
    return [{"dtype": ST_DTYPE[t.dtype], "shape": list(t.shape)} for t in ts]


def _triton_metadata(cache_dir):
    """sha256 of each cubin in the Triton cache -> the .json beside it."""
    out = {}
    for d, _, files in os.walk(cache_dir):
        for f in files:
            if not f.endswith(".cubin"):
                continue
            js = os.path.join(d, f[:-len(".cubin")] + ".json")
            if os.path.exists(js):
                with open(os.path.join(d, f), "rb") as fh:
                    out[hashlib.sha256(fh.read()).hexdigest()] = js
    return out


def compile_raw(spec, out, dtype, batch, seed):
    t_start = time.time()
    model, inputs, options = build(spec, batch, seed)
    model, inputs = on_device(model, inputs, DTYPES[dtype])
    with torch.no_grad():
        want = model(*inputs)
    outs = tuple(want) if isinstance(want, (tuple, list)) else (want,)
    ep = torch.export.export(model, inputs)
    os.makedirs(out, exist_ok=True)
    pkg_path = os.path.join(out, "model.pt2")
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(ep, package_path=pkg_path, inductor_configs=options)
    compile_s = time.time() - t0
    pkg = os.path.join(out, "package")
    shutil.rmtree(pkg, ignore_errors=True)
    zipfile.ZipFile(pkg_path).extractall(pkg)
    wrappers = [os.path.join(d, f) for d, _, fs in os.walk(pkg) for f in fs if f.endswith(".cpp") and "wrapper" in f]
    if not wrappers:
        wrappers = [os.path.join(d, f) for d, _, fs in os.walk(pkg) for f in fs if f.endswith(".cpp")]
    shutil.copyfile(wrappers[0], os.path.join(out, "wrapper.cpp"))
    cache = os.environ.get("TORCHINDUCTOR_CACHE_DIR") or f"/tmp/torchinductor_{os.environ.get('USER', 'root')}"
    meta = _triton_metadata(cache)
    kdir = os.path.join(out, "kernels")
    os.makedirs(kdir, exist_ok=True)
    missing_meta = []
    for d, _, fs in os.walk(pkg):
        for f in fs:
            if not f.endswith(".cubin"):
                continue
            src = os.path.join(d, f)
            shutil.copyfile(src, os.path.join(kdir, f))
            with open(src, "rb") as fh:
                js = meta.get(hashlib.sha256(fh.read()).hexdigest())
            if js:
                shutil.copyfile(js, os.path.join(kdir, f[:-len(".cubin")] + ".json"))
            else:
                missing_meta.append(f)
    ref = os.path.join(out, "reference")
    os.makedirs(ref, exist_ok=True)
    with open(os.path.join(ref, "inputs.safetensors"), "wb") as f:
        f.write(safetensors.encode([(f"input{i}",) + tensor_bytes(t) for i, t in enumerate(inputs)]))
    with open(os.path.join(ref, "outputs.safetensors"), "wb") as f:
        f.write(safetensors.encode([(f"output{i}",) + tensor_bytes(t) for i, t in enumerate(outs)]))
    import triton
    info = {
        "model": spec, "dtype": dtype, "batch": batch, "seed": seed,
        "torch": torch.__version__, "triton": triton.__version__,
        "device": torch.cuda.get_device_name(), "capability": list(torch.cuda.get_device_capability()),
        "inductor": options, "compile_s": round(compile_s, 1), "total_s": round(time.time() - t_start, 1),
        "inputs": _describe(inputs), "outputs": _describe(outs),
        "state_dict": {k: {"dtype": ST_DTYPE.get(v.dtype, str(v.dtype)), "shape": list(v.shape)}
                       for k, v in _tensors(model).items()},
        "kernels_without_metadata": missing_meta,
    }
    with open(os.path.join(out, "raw.json"), "w") as f:
        json.dump(info, f, indent=1)
    os.remove(pkg_path)
    return info


def weights(spec, dtype, seed, batch=1):
    """The model's state dict for seed, as safetensors tuples (regenerates what compile used)."""
    model, inputs, _ = build(spec, batch, seed)
    model, _ = on_device(model, inputs, DTYPES[dtype])
    return {k: tensor_bytes(v) for k, v in _tensors(model).items()}


def _tensors(model):
    """The state_dict and the non-persistent buffers (BERT's position_ids): every tensor
    AOTInductor may take as a constant, by its fully qualified name."""
    out = dict(model.named_buffers())
    out.update(model.state_dict())
    return out
