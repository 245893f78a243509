"""Write a gpufn bundle: what `gpufn deploy DIR` uploads (docs/export.md).

    DIR/gpufn-bundle.json      the manifest: function, weight set, libraries, reference files
    DIR/function.json          the gpufn config (parse.to_config)
    DIR/export.json            what was exported (the raw directory's raw.json): model, dtype,
                               batch, seed, versions; `python -m tools.export weights DIR`
                               regenerates the weights from it
    DIR/weights.safetensors    the weight set: the tensors the config's blueprint.weights names
                               (not committed for the examples: regenerated from the seed)
    DIR/libraries/<name>.cubin one library per kernel
    DIR/reference/inputs.safetensors, outputs.safetensors  eager PyTorch's pair, keyed by the
                               config's input and output names
"""

import hashlib
import json
import os
import shutil

from . import parse, safetensors

MANIFEST = "gpufn-bundle.json"
WEIGHTS = "weights.safetensors"


def from_raw(raw_dir, out_dir, name, weight_set, cubins=None, hoist=True):
    """Writes a bundle from a raw directory (tools/export/compile.py), without weights; returns
    the manifest. cubins: where the kernels' cubins are when not in RAW/kernels (a committed
    example keeps them once, in its bundle's libraries/)."""
    with open(os.path.join(raw_dir, "raw.json")) as f:
        info = json.load(f)
    meta_dir = os.path.join(raw_dir, "kernels")
    with open(os.path.join(raw_dir, "wrapper.cpp")) as f:
        prog = parse.parse(f.read(), meta_dir)
    found = _cubins(prog, meta_dir, cubins)
    config = parse.to_config(prog, weight_set, hoist=hoist, shas={k: s for k, (_, s) in found.items()})
    _check_constants(prog, info)
    os.makedirs(os.path.join(out_dir, "libraries"), exist_ok=True)
    libraries = {}
    for k in prog.kernels.values():
        src, sha = found[k.name]
        lib = parse.library_name(k, sha)
        dst = os.path.join(out_dir, "libraries", lib + ".cubin")
        if os.path.abspath(src) != os.path.abspath(dst):
            shutil.copyfile(src, dst)
        libraries[lib] = f"libraries/{lib}.cubin"
    with open(os.path.join(out_dir, "function.json"), "w") as f:
        json.dump(config, f, indent=1)
    with open(os.path.join(out_dir, "export.json"), "w") as f:
        json.dump(info, f, indent=1)
    manifest = {"version": 1, "function": name, "config": "function.json", "export": "export.json",
                "libraries": libraries}
    if config["blueprint"].get("weights"):
        manifest["weights"] = {"name": weight_set, "file": WEIGHTS}
    ref = os.path.join(raw_dir, "reference")
    if os.path.isdir(ref):
        _reference(ref, out_dir, config)
        manifest["reference"] = {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"}
    with open(os.path.join(out_dir, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


def _cubins(prog, meta_dir, extra):
    """kernel name -> (cubin path, sha256), from RAW/kernels by the wrapper's file name, else
    from extra by the library name (symbol-sha12)."""
    out = {}
    by_symbol = {}
    if extra and os.path.isdir(extra):
        for f in os.listdir(extra):
            if f.endswith(".cubin"):
                by_symbol.setdefault(f[:-len(".cubin")].rsplit("-", 1)[0], []).append(os.path.join(extra, f))
    for k in prog.kernels.values():
        path = os.path.join(meta_dir, os.path.basename(k.cubin))
        if not os.path.exists(path):
            cands = by_symbol.get(k.symbol[:parse.SYMBOL_CUT], [])
            if len(cands) != 1:
                raise parse.ExportError(f"kernel {k.name}: no cubin {os.path.basename(k.cubin)} in {meta_dir}"
                                        + (f" nor one {k.symbol}-*.cubin in {extra}" if extra else ""))
            path = cands[0]
        with open(path, "rb") as f:
            out[k.name] = (path, hashlib.sha256(f.read()).hexdigest())
    return out


def _check_constants(prog, info):
    """Each weight the wrapper names that is in the model's state_dict has its shape and dtype
    there (a non-persistent buffer, such as BERT's position_ids, is not in the state_dict: the
    weights step takes it from the model's buffers)."""
    state = info.get("state_dict", {})
    for c in prog.constants.values():
        s = state.get(c.fqn)
        if s is None:
            continue
        if tuple(s["shape"]) != tuple(c.shape) or s["dtype"] != parse.SAFETENSORS_DTYPE.get(c.dtype):
            raise parse.ExportError(f"weight {c.fqn}: the wrapper has {c.dtype} {c.shape}, the state_dict {s['dtype']} {s['shape']}")


def _reference(ref_dir, out_dir, config):
    """The raw pair (input0.., output0..) renamed to the config's input and output names."""
    os.makedirs(os.path.join(out_dir, "reference"), exist_ok=True)
    for part, names in (("inputs", config["blueprint"]["inputs"]), ("outputs", config["blueprint"]["outputs"])):
        with open(os.path.join(ref_dir, part + ".safetensors"), "rb") as f:
            tensors, _ = safetensors.decode(f.read())
        prefix = part[:-1]
        if len(tensors) != len(names):
            raise parse.ExportError(f"the reference has {len(tensors)} {part}, the config {len(names)}")
        blob = safetensors.encode([(n,) + tuple(tensors[f"{prefix}{i}"]) for i, n in enumerate(names)])
        with open(os.path.join(out_dir, "reference", part + ".safetensors"), "wb") as f:
            f.write(blob)


def write_weights(out_dir, state):
    """Writes DIR/weights.safetensors from state ({fqn: (dtype, shape, bytes)}): the tensors the
    bundle's config names, in its order."""
    with open(os.path.join(out_dir, "function.json")) as f:
        config = json.load(f)
    wanted = config["blueprint"].get("weights", [])
    missing = [w for w in wanted if w not in state]
    if missing:
        raise parse.ExportError(f"the weights lack {', '.join(missing)}")
    with open(os.path.join(out_dir, WEIGHTS), "wb") as f:
        f.write(safetensors.encode([(w,) + tuple(state[w]) for w in wanted], {"format": "gpufn"}))
    return len(wanted)



def combine(dirs, out_dir, preferred=None, delay_us=0, partial="pad"):
    """One bundle of a model's batch variants (docs/batching.md): the batch-1 bundle's function
    with a `batching` declaration naming the others, registered before it. dirs: the bundles of
    one model and weight set, one of them batch 1 (export.json says each one's batch)."""
    bundles = []
    for d in dirs:
        with open(os.path.join(d, MANIFEST)) as f:
            m = json.load(f)
        with open(os.path.join(d, m["config"])) as f:
            config = json.load(f)
        with open(os.path.join(d, m.get("export", "export.json"))) as f:
            info = json.load(f)
        bundles.append((info["batch"], d, m, config, info))
    bundles.sort(key=lambda b: b[0])
    if bundles[0][0] != 1 or len({b[0] for b in bundles}) != len(bundles):
        raise parse.ExportError(f"the variants' batch sizes {[b[0] for b in bundles]}: one must be 1, each once")
    _, d1, m1, c1, info1 = bundles[0]
    for i, (batch, d, m, c, info) in enumerate(bundles[1:], 1):
        if c.get("weight_set") != c1.get("weight_set") or c["blueprint"]["inputs"] != c1["blueprint"]["inputs"] \
                or len(c["blueprint"]["outputs"]) != len(c1["blueprint"]["outputs"]) or info["model"] != info1["model"] \
                or info["seed"] != info1["seed"] or info["dtype"] != info1["dtype"]:
            raise parse.ExportError(f"{d} is not a variant of {d1}: another model, seed, dtype, weight set, or inputs and outputs")
        # Inductor names buffers per compile, so a variant's outputs may carry other names than
        # the batch-1 function's (BERT: buf288 at batch 8, buf252 at batch 1): the server wants
        # the same names, so the variant's are renamed to the function's.
        c = _rename_outputs(c, c1["blueprint"]["outputs"], d)
        bundles[i] = (batch, d, m, c, info)
    items = {}
    for name, t in zip(c1["blueprint"]["inputs"], info1["inputs"]):
        items[name] = _nbytes(t)
    for name, t in zip(c1["blueprint"]["outputs"], info1["outputs"]):
        items[name] = _nbytes(t)
    sizes = [b[0] for b in bundles[1:]]
    config = dict(c1)
    config["batching"] = {
        "variants": [{"batch": b, "function": m["function"]} for b, _, m, _, _ in bundles[1:]],
        "item_bytes": items,
        "preferred_batch_sizes": preferred or sizes,
        "max_batch_size": sizes[-1],
        "max_queue_delay_us": delay_us,
        "partial": partial,
    }
    os.makedirs(os.path.join(out_dir, "libraries"), exist_ok=True)
    os.makedirs(os.path.join(out_dir, "variants"), exist_ok=True)
    libraries = {}
    for _, d, m, _, _ in bundles:
        for lib, rel in m["libraries"].items():
            dst = os.path.join(out_dir, "libraries", os.path.basename(rel))
            if lib not in libraries:
                shutil.copyfile(os.path.join(d, rel), dst)
                libraries[lib] = f"libraries/{os.path.basename(rel)}"
    variants = []
    for b, d, m, c, _ in bundles[1:]:
        rel = f"variants/{m['function']}.json"
        with open(os.path.join(out_dir, rel), "w") as f:
            json.dump(c, f, indent=1)
        variants.append({"batch": b, "function": m["function"], "config": rel})
    with open(os.path.join(out_dir, "function.json"), "w") as f:
        json.dump(config, f, indent=1)
    shutil.copyfile(os.path.join(d1, m1.get("export", "export.json")), os.path.join(out_dir, "export.json"))
    manifest = {"version": 1, "function": m1["function"], "config": "function.json", "export": "export.json",
                "libraries": libraries, "variants": variants}
    if "weights" in m1:
        manifest["weights"] = m1["weights"]
        src = os.path.join(d1, m1["weights"]["file"])
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(out_dir, m1["weights"]["file"]))
    if "reference" in m1:
        os.makedirs(os.path.join(out_dir, "reference"), exist_ok=True)
        for part in ("inputs", "outputs"):
            shutil.copyfile(os.path.join(d1, m1["reference"][part]), os.path.join(out_dir, "reference", part + ".safetensors"))
        manifest["reference"] = {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"}
    with open(os.path.join(out_dir, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


def _rename_outputs(config, names, where):
    """config with its outputs renamed, in order, to names (a copy; config itself when they
    already match). A new name that the config already uses for something else is refused."""
    old = config["blueprint"]["outputs"]
    renames = {o: n for o, n in zip(old, names) if o != n}
    if not renames:
        return config
    bp = config["blueprint"]
    if len(set(old)) != len(old) or len(set(names)) != len(names):
        raise parse.ExportError(f"{where}: an output listed twice ({old}, the function's {names})")
    buffers = set(bp.get("buffers", {}))
    for o in renames:
        if o not in buffers:
            raise parse.ExportError(f"{where}: its output {o} is no buffer of its own (an input or a weight): it cannot be renamed")
    init = set((config.get("init_flow") or {}).get("buffers", {}))
    taken = set(bp.get("inputs", [])) | set(bp.get("weights", [])) | buffers | init
    for o, n in renames.items():
        if n in taken and n not in renames:
            raise parse.ExportError(f"{where}: its output {o} cannot take the batch-1 function's name {n}, which it uses for an input, weight or buffer")

    def walk(v):
        if isinstance(v, str):
            return renames.get(v, v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {renames.get(k, k): walk(x) for k, x in v.items()}
        return v

    out = dict(config)
    out["blueprint"] = walk(bp)
    assert out["blueprint"]["outputs"] == list(names)
    return out


def _nbytes(t):
    n = safetensors.DTYPE_SIZES[t["dtype"]]
    for s in t["shape"]:
        n *= s
    return n
