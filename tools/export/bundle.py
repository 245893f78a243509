"""Write a gpufn bundle: what `gpufn deploy DIR` uploads (docs/export.md).

    DIR/gpufn-bundle.json      the manifest: function, weight set, libraries, reference files
    DIR/function.json          the gpufn config (parse.to_config)
    DIR/weights.safetensors    the weight set: the tensors the config's blueprint.weights names
    DIR/libraries/<name>.cubin one library per kernel
    DIR/reference/inputs.safetensors, outputs.safetensors  (when given) eager PyTorch's pair
"""

import json
import os
import shutil

from . import safetensors

MANIFEST = "gpufn-bundle.json"


def write(out_dir, name, prog, config, weights, cubin_dir, reference=None, weight_set="model"):
    """weights: {fqn: (dtype, shape, bytes)} (safetensors dtype names), at least the config's
    weights; cubin_dir: where the wrapper's cubins are (by base name); reference: optional
    (inputs, outputs), each {name: (dtype, shape, bytes)}."""
    from .parse import ExportError, library_name

    os.makedirs(os.path.join(out_dir, "libraries"), exist_ok=True)
    wanted = config["blueprint"].get("weights", [])
    missing = [w for w in wanted if w not in weights]
    if missing:
        raise ExportError(f"the weights lack {', '.join(missing)}")
    with open(os.path.join(out_dir, "weights.safetensors"), "wb") as f:
        f.write(safetensors.encode([(w,) + tuple(weights[w]) for w in wanted], {"format": "gpufn"}))
    libraries = []
    for k in prog.kernels.values():
        src = os.path.join(cubin_dir, os.path.basename(k.cubin))
        if not os.path.exists(src):
            raise ExportError(f"kernel {k.name}: no cubin {src}")
        lib = library_name(k)
        shutil.copyfile(src, os.path.join(out_dir, "libraries", lib + ".cubin"))
        libraries.append(lib)
    with open(os.path.join(out_dir, "function.json"), "w") as f:
        json.dump(config, f, indent=1)
    manifest = {"version": 1, "function": name, "config": "function.json",
                "libraries": {lib: f"libraries/{lib}.cubin" for lib in libraries}}
    if wanted:
        manifest["weights"] = {"name": weight_set, "file": "weights.safetensors"}
    if reference is not None:
        os.makedirs(os.path.join(out_dir, "reference"), exist_ok=True)
        for part, tensors in zip(("inputs", "outputs"), reference):
            with open(os.path.join(out_dir, "reference", part + ".safetensors"), "wb") as f:
                f.write(safetensors.encode([(n,) + tuple(t) for n, t in tensors.items()]))
        manifest["reference"] = {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"}
    with open(os.path.join(out_dir, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest
