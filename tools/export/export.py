"""Export a PyTorch model to gpufn bundles (needs torch, triton, a GPU; docs/export.md).

    compile (compile.py: AOTInductor, the slow autotuning step, into RAW) ->
    bundle  (bundle.py: parse.py's program and config, the cubins, the reference pair) ->
    weights (the model's state_dict for the seed) ->
    check   (check.py: the bundle run by an executor of its own, compared with eager PyTorch)
"""

import json
import os

from . import bundle, compile as aoti


def export(spec, out, name, dtype, batches, seed, check=True):
    """Exports spec at each batch size into OUT/b{batch} (raw directories in OUT/raw-b{batch});
    returns the manifests."""
    manifests = []
    base = name or spec.replace(":", "-").replace(".", "-")
    for batch in batches:
        raw = os.path.join(out, f"raw-b{batch}")
        aoti.compile_raw(spec, raw, dtype, batch, seed)
        d = os.path.join(out, f"b{batch}")
        m = bundle.from_raw(raw, d, f"{base}-b{batch}", base)
        write_weights(d)
        if check:
            from . import check as checker
            from .parse import ExportError
            try:
                result = checker.check(d)
            except checker.CheckError as e:
                raise ExportError(f"the bundle {d} could not be checked: {e}") from None
            if not result.get("ok"):
                bad = [o for o in result.get("outputs", []) if not o.get("ok")]
                raise ExportError(f"the bundle {d} does not match eager PyTorch: {json.dumps(bad)}")
        manifests.append(m)
    if len(batches) > 1 and 1 in batches:
        manifests.append(bundle.combine([os.path.join(out, f"b{b}") for b in batches], os.path.join(out, "batched")))
    return manifests


def write_weights(bundle_dir):
    """Regenerates BUNDLE/weights.safetensors from the seed in BUNDLE/export.json."""
    with open(os.path.join(bundle_dir, "export.json")) as f:
        info = json.load(f)
    state = aoti.weights(info["model"], info["dtype"], info["seed"], info["batch"])
    return bundle.write_weights(bundle_dir, state)
