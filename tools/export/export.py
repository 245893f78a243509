"""Export a PyTorch model to a gpufn bundle (needs torch, triton, a GPU; docs/export.md).

Not run in CI (no torch there); the parsing and bundling it relies on are (tests.py). The lead
runs it on the GPU machine: see docs/export.md for the command lines and what proves them.
"""

import importlib
import os

import torch

from . import bundle, parse

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


def load_model(spec, batch, dtype, seed):
    """(model, example_inputs) of a torchvision or transformers name, or module:function."""
    torch.manual_seed(seed)
    if ":" in spec:
        mod, fn = spec.split(":", 1)
        model, inputs = getattr(importlib.import_module(mod), fn)()
    elif spec in ("bert", "bert-base"):
        import transformers
        cfg = transformers.BertConfig()  # BERT-base: 12 layers, hidden 768
        model = transformers.BertModel(cfg)
        inputs = (torch.randint(0, cfg.vocab_size, (batch, 128)),)
    else:
        import torchvision
        model = getattr(torchvision.models, spec)(weights=None)
        inputs = (torch.randn(batch, 3, 224, 224),)
    model = model.eval().to("cuda", dtype)
    inputs = tuple(t.to("cuda", dtype) if t.is_floating_point() else t.to("cuda") for t in inputs)
    return model, inputs


def _tensor(t):
    t = t.detach().contiguous().cpu()
    return (ST_DTYPE[t.dtype], tuple(t.shape), t.view(torch.uint8).numpy().tobytes())


def export(spec, out, name, dtype, batches, seed):
    manifests = []
    for batch in batches:
        model, inputs = load_model(spec, batch, DTYPES[dtype], seed)
        with torch.no_grad():
            want = model(*inputs)
        ep = torch.export.export(model, inputs)
        pkg = torch._inductor.aoti_compile_and_package(ep, inductor_configs=INDUCTOR)
        work = os.path.join(out, f"aoti-b{batch}")
        os.makedirs(work, exist_ok=True)
        import zipfile
        zipfile.ZipFile(pkg).extractall(work)
        wrapper = next(os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs if f.endswith(".cpp"))
        cubins = os.path.dirname(next(os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs if f.endswith(".cubin")))
        with open(wrapper) as f:
            prog = parse.parse(f.read(), cubins)
        config = parse.to_config(prog, weight_set=f"{name or spec}")
        state = {k: _tensor(v) for k, v in list(model.state_dict().items())}
        outs = want if isinstance(want, (tuple, list)) else (want,)
        if hasattr(want, "last_hidden_state"):
            outs = (want.last_hidden_state,)
        ref_in = {n: _tensor(t) for n, t in zip(prog.inputs, inputs)}
        ref_out = {n: _tensor(t) for n, t in zip(prog.outputs, outs)}
        d = os.path.join(out, f"b{batch}")
        manifests.append(bundle.write(d, f"{name or spec}-b{batch}", prog, config, state, cubins,
                                      (ref_in, ref_out), weight_set=f"{name or spec}"))
    return manifests[0] if len(manifests) == 1 else manifests
