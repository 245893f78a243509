"""Run a gpufn bundle with a small executor of its own and compare with eager PyTorch's outputs.

    python -m tools.export.check BUNDLE_DIR [--repeat N] [--warmup N] [--device N] [--json]

exits 0 when every output is within its dtype's bound of the reference output, 1 when one is not,
2 on any error (a bundle that cannot be read, weights absent, a config this executor does not
run, no GPU or no cuda-python). check(bundle_dir, ...) is the same as a function: it returns a
result dict ("ok", "outputs", "timing", ...) and raises CheckError where the command exits 2.

The executor is independent of the server: it reads the bundle's config itself (the Dandelion
v1/v2 forms of docs/config.md and docs/config-models.md: ExecKernel and Repeat actions;
Absolute, Sizeof and FromInput sizings; Ptr, Sizeof and Constant arguments; weights and
init_flow), and drives the GPU with NVIDIA's cuda-python driver bindings (the `cuda-bindings`
package: `from cuda.bindings import driver`), nothing of gpufn's. Each module's cubin is loaded
with cuModuleLoadData, every input, weight and buffer gets a device allocation of its own
(buffers zeroed, as the server zeroes them), the init flow runs once, then the blueprint's launch
list; the outputs are copied back and compared with the reference pair. The launch list is then
timed with CUDA events (repetitions after warm-ups) twice: launched from Python, one
cuLaunchKernel per kernel (Python's launch overhead shows where kernels are short), and
captured as one CUDA graph (the GPU's time alone, comparable with torch.compile's
mode="reduce-overhead", which also replays CUDA graphs).

Scalars go at the width each kernel declares: every argument sits in an 8-byte slot of its own,
written at the parameter's width (cuFuncGetParamInfo, CUDA 12.4 and later, or the cubin's
.nv.info EIATTR_KPARAM_INFO records), and kernelParams points at the slots. Where neither says
the widths, each slot holds the 8-byte little-endian value: the driver copies as many bytes as
the kernel declares from each slot, so a 4-byte parameter (Triton's i32) gets the low 4 bytes,
the same value.

The bound per output is relative to the largest |reference| element of that output: F32 2e-3,
F16 1e-2, BF16 3e-2 (F64 as F32); integer and bool outputs must be equal. Pure parts (bundle
reading, planning, argument packing, comparison) need neither a GPU nor numpy and are tested in
CI (check_test.py); numpy speeds the comparison where it is installed.
"""

import argparse
import ctypes
import json
import math
import os
import struct
import sys
from dataclasses import dataclass, field

from . import safetensors

MANIFEST = "gpufn-bundle.json"
# The bound on max |out - ref| / max |ref| per output, by safetensors dtype.
BOUNDS = {"F32": 2e-3, "F16": 1e-2, "BF16": 3e-2, "F64": 2e-3}
INT_FORMATS = {"BOOL": "B", "U8": "B", "I8": "b", "U16": "H", "I16": "h", "U32": "I", "I32": "i",
               "U64": "Q", "I64": "q"}
LAUNCH_FIELDS = ("grid_dim_x", "grid_dim_y", "grid_dim_z", "block_dim_x", "block_dim_y", "block_dim_z",
                 "shared_mem_bytes")
MAX_LAUNCHES = 1_000_000  # Repeat counts multiplied; a bundle the exporter writes has a few hundred
MAX_DEPTH = 64
STATIC_SHARED_LIMIT = 48 << 10  # above this a kernel must opt in to dynamic shared memory


class CheckError(Exception):
    """What stops the check (exit 2): said plainly, with the config path where there is one."""


# ---------------------------------------------------------------------------------------------
# The bundle


@dataclass
class Bundle:
    dir: str
    manifest: dict
    config: dict
    libraries: dict            # library name -> cubin bytes
    weights: dict              # tensor name -> (dtype, shape, bytes); {} without weights
    ref_inputs: dict           # name -> (dtype, shape, bytes)
    ref_outputs: dict


def _read(path, what):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise CheckError(f"{what}: {e}") from None


def _safetensors(path, what):
    try:
        tensors, _ = safetensors.decode(_read(path, what))
    except CheckError:
        raise
    except Exception as e:  # a malformed header: struct, json or key errors
        raise CheckError(f"{what} {path} is not a safetensors file: {e}") from None
    return tensors


def load_bundle(bundle_dir):
    """Reads a bundle (docs/export.md): the manifest, the config, every library, the weight set
    and the reference pair. Raises CheckError naming what is missing."""
    mpath = os.path.join(bundle_dir, MANIFEST)
    try:
        manifest = json.loads(_read(mpath, "the manifest"))
    except ValueError as e:
        raise CheckError(f"the manifest {mpath} is not JSON: {e}") from None
    if not isinstance(manifest, dict):
        raise CheckError(f"the manifest {mpath} is not a JSON object")
    config = manifest.get("config")
    if isinstance(config, str):
        cpath = os.path.join(bundle_dir, config)
        try:
            config = json.loads(_read(cpath, "the config"))
        except ValueError as e:
            raise CheckError(f"the config {cpath} is not JSON: {e}") from None
    if not isinstance(config, dict):
        raise CheckError("the manifest's config is neither a file name nor a config object")
    libraries = {}
    for name, rel in (manifest.get("libraries") or {}).items():
        libraries[name] = _read(os.path.join(bundle_dir, rel), f"library {name}")
    weights = {}
    wanted = (config.get("blueprint") or {}).get("weights") or []
    w = manifest.get("weights")
    if wanted and not w:
        raise CheckError("the config names weights but the manifest names no weight set file")
    if w:
        if not isinstance(w, dict) or not isinstance(w.get("file"), str):
            raise CheckError("the manifest's weights must be {\"name\", \"file\"}")
        wpath = os.path.join(bundle_dir, w["file"])
        if not os.path.exists(wpath):
            raise CheckError(f"the weight set's file {wpath} is absent: a committed bundle carries no weights; "
                             "regenerate them (from the model's seed) before checking the bundle")
        weights = _safetensors(wpath, "the weight set")
        missing = [n for n in wanted if n not in weights]
        if missing:
            raise CheckError(f"the weight set lacks {', '.join(missing[:10])}")
    ref = manifest.get("reference")
    if not ref:
        raise CheckError("the bundle has no reference pair (manifest key 'reference')")
    if not isinstance(ref, dict) or not all(isinstance(ref.get(k), str) for k in ("inputs", "outputs")):
        raise CheckError("the manifest's reference must be {\"inputs\", \"outputs\"}: file names")
    ref_in = _safetensors(os.path.join(bundle_dir, ref["inputs"]), "the reference inputs")
    ref_out = _safetensors(os.path.join(bundle_dir, ref["outputs"]), "the reference outputs")
    return Bundle(bundle_dir, manifest, config, libraries, weights, ref_in, ref_out)


# ---------------------------------------------------------------------------------------------
# The plan: what to allocate and the launch list, from the config


@dataclass
class Launch:
    kernel: str
    args: list                 # (kind, name or int): ("ptr", name), ("sizeof", name), ("const", n)
    dims: tuple                # grid x, y, z, block x, y, z, dynamic shared memory bytes
    path: str                  # where in the config, for messages


@dataclass
class Plan:
    inputs: list
    weights: list
    init_buffers: dict         # name -> bytes (ordered)
    buffers: dict              # name -> bytes (ordered: dependencies first)
    outputs: list
    kernels: dict              # kernel name -> library name
    init_launches: list = field(default_factory=list)
    launches: list = field(default_factory=list)


def _tagged(node, path, what, tags):
    if not isinstance(node, dict) or len(node) != 1:
        raise CheckError(f"{path}: a {what} is an object with one key, one of {', '.join(tags)}")
    (tag, value), = node.items()
    if tag not in tags:
        raise CheckError(f"{path}: {what} kind {tag!r} is not one this checker runs (it runs {', '.join(tags)})")
    return tag, value


def _uint(v, path):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v >= 1 << 64:
        raise CheckError(f"{path}: {v!r} is not an unsigned 64-bit integer")
    return v


def _libraries_of(config, manifest_libs):
    """kernel name -> library name, for both config forms."""
    def library(path_or_name, where):
        last = path_or_name.replace("\\", "/").rsplit("/", 1)[-1]
        for cand in (last, last.rsplit(".", 1)[0]):
            if cand in manifest_libs:
                return cand
        raise CheckError(f"{where}: library {last!r} is not among the bundle's libraries ({', '.join(sorted(manifest_libs)) or 'none'})")
    kernels = config.get("kernels")
    if not isinstance(kernels, list):
        raise CheckError("kernels: must be an array")
    out = {}
    if "modules" in config:
        mods = {}
        for i, m in enumerate(config.get("modules") or []):
            if not isinstance(m, dict) or not isinstance(m.get("module_name"), str) or not isinstance(m.get("path"), str):
                raise CheckError(f"modules[{i}]: must be {{\"module_name\", \"path\"}}")
            mods[m["module_name"]] = m["path"]
        for i, k in enumerate(kernels):
            if not isinstance(k, dict) or k.get("module_name") not in mods:
                raise CheckError(f"kernels[{i}]: {k!r} does not name one of the modules")
            out[k["kernel_name"]] = library(mods[k["module_name"]], f"kernels[{i}]")
    else:
        lib = library(str(config.get("module_path", "")), "module_path")
        for i, k in enumerate(kernels):
            if not isinstance(k, str):
                raise CheckError(f"kernels[{i}]: a kernel name (string) in the module_path form")
            out[k] = lib
    return out


class _Planner:
    def __init__(self, config, inputs, weight_sizes, libraries):
        bp = config.get("blueprint")
        if not isinstance(bp, dict):
            raise CheckError("blueprint: missing")
        self.bp = bp
        self.plan = Plan(list(bp.get("inputs", [])), list(bp.get("weights") or []), {}, {},
                         list(bp.get("outputs", [])), _libraries_of(config, libraries))
        for n in self.plan.inputs:
            if n not in inputs:
                raise CheckError(f"blueprint.inputs: the reference inputs lack {n!r}")
        for w in self.plan.weights:
            if w not in weight_sizes:
                raise CheckError(f"blueprint.weights: the weight set lacks {w!r}")
        # only what the blueprint names: other tensors of the files are not the function's
        self.inputs = {n: inputs[n] for n in self.plan.inputs}  # name -> bytes
        self.sizes = {n: len(b) for n, b in self.inputs.items()}
        self.sizes.update((w, weight_sizes[w]) for w in self.plan.weights)
        self.count = 0
        self._resolving = set()

    def sizing(self, node, path, allow_inputs=True):
        tag, v = _tagged(node, path, "sizing", ("Absolute", "Sizeof", "FromInput"))
        if tag == "Absolute":
            return _uint(v, f"{path}.Absolute")
        if tag == "Sizeof":
            return self.size_of(v, f"{path}.Sizeof", allow_inputs)
        if not allow_inputs:
            raise CheckError(f"{path}.FromInput: the init flow runs without inputs")
        if not isinstance(v, dict) or v.get("bufname") not in self.inputs:
            raise CheckError(f"{path}.FromInput: bufname must name an input")
        k = _uint(v.get("idx"), f"{path}.FromInput.idx")
        data = self.inputs[v["bufname"]]
        if len(data) < 8 * k + 8:
            raise CheckError(f"{path}.FromInput: input {v['bufname']!r} has {len(data)} bytes, not {8 * k + 8}")
        return struct.unpack_from("<Q", data, 8 * k)[0]

    def size_of(self, name, path, allow_inputs=True):
        if name in self.sizes and (allow_inputs or name not in self.inputs):
            return self.sizes[name]
        bufs = self.bp.get("buffers") or {}
        if allow_inputs and name in bufs:
            if name in self._resolving:
                raise CheckError(f"{path}: buffer sizes refer to each other in a cycle through {name!r}")
            self._resolving.add(name)
            n = self.sizing(bufs[name], f"blueprint.buffers.{name}")
            self._resolving.discard(name)
            if n == 0:
                raise CheckError(f"blueprint.buffers.{name}: a buffer of 0 bytes")
            self.sizes[name] = self.plan.buffers[name] = n
            return n
        raise CheckError(f"{path}: {name!r} is not an input, weight or buffer{'' if allow_inputs else ' the init flow can use'}")

    def actions(self, nodes, path, out, depth, init):
        if not isinstance(nodes, list):
            raise CheckError(f"{path}: must be an array of actions")
        if depth > MAX_DEPTH:
            raise CheckError(f"{path}: Repeat nested deeper than {MAX_DEPTH}")
        for i, node in enumerate(nodes):
            p = f"{path}[{i}]"
            tag, v = _tagged(node, p, "action", ("ExecKernel", "Repeat"))
            if tag == "Repeat":
                if not isinstance(v, list) or len(v) != 2:
                    raise CheckError(f"{p}.Repeat: must be [count, [actions]]")
                n = self.sizing(v[0], f"{p}.Repeat.count", not init)
                body, before = [], self.count
                self.actions(v[1], f"{p}.Repeat.actions", body, depth + 1, init)  # checked even for 0
                self.count = before + n * len(body)
                if self.count > MAX_LAUNCHES:
                    raise CheckError(f"{p}: more than {MAX_LAUNCHES} launches")
                for _ in range(n):
                    out.extend(body)
                continue
            if not isinstance(v, list) or len(v) != 3 or not isinstance(v[1], list):
                raise CheckError(f"{p}.ExecKernel: must be [kernel, [args], launch]")
            out.append(self.launch(v, f"{p}.ExecKernel", init))
            self.count += 1
            if self.count > MAX_LAUNCHES:
                raise CheckError(f"{p}: more than {MAX_LAUNCHES} launches")

    def launch(self, v, p, init):
        kernel, args, shape = v
        if not isinstance(kernel, str) or kernel not in self.plan.kernels:
            raise CheckError(f"{p}.kernel: {kernel!r} is not among the config's kernels")
        out = []
        for j, a in enumerate(args):
            ap = f"{p}.args[{j}]"
            tag, x = _tagged(a, ap, "argument", ("Ptr", "Sizeof", "Constant"))
            if tag == "Constant":
                if isinstance(x, bool) or not isinstance(x, int) or not -(1 << 63) <= x < 1 << 63:
                    raise CheckError(f"{ap}.Constant: {x!r} is not a signed 64-bit integer")
                out.append(("const", x))
                continue
            self.size_of(x, f"{ap}.{tag}", not init)
            if init and x not in self.plan.weights and x not in self.plan.init_buffers:
                raise CheckError(f"{ap}.{tag}: the init flow may name weights and its own buffers only, not {x!r}")
            out.append(("ptr" if tag == "Ptr" else "sizeof", x))
        if not isinstance(shape, dict) or set(shape) != set(LAUNCH_FIELDS):
            raise CheckError(f"{p}.launch: must have exactly {', '.join(LAUNCH_FIELDS)}")
        dims = tuple(self.sizing(shape[f], f"{p}.launch.{f}", not init) for f in LAUNCH_FIELDS)
        for f, d in zip(LAUNCH_FIELDS[:6], dims):
            if not 1 <= d < 1 << 32:
                raise CheckError(f"{p}.launch.{f}: {d} is not a launch dimension (1 to 2^32-1)")
        if dims[6] >= 1 << 32:
            raise CheckError(f"{p}.launch.shared_mem_bytes: {dims[6]} does not fit 32 bits")
        return Launch(kernel, out, dims, p)


def make_plan(config, inputs, weight_sizes, libraries):
    """The plan of a config: inputs {name: bytes} (the reference inputs), weight_sizes {name:
    bytes}, libraries: the bundle's library names. Raises CheckError, with the config path, for
    anything this executor does not run or that does not resolve."""
    pl = _Planner(config, inputs, weight_sizes, libraries)
    plan = pl.plan
    init = config.get("init_flow")
    if init is not None:
        if not plan.weights:
            raise CheckError("init_flow: a function with an init flow has weights")
        for name, s in (init.get("buffers") or {}).items():
            tag, v = _tagged(s, f"init_flow.buffers.{name}", "sizing", ("Absolute",))
            n = _uint(v, f"init_flow.buffers.{name}.Absolute")
            if n == 0:
                raise CheckError(f"init_flow.buffers.{name}: a buffer of 0 bytes")
            plan.init_buffers[name] = pl.sizes[name] = n
        pl.actions(init.get("control_flow", []), "init_flow.control_flow", plan.init_launches, 0, True)
    for name in (pl.bp.get("buffers") or {}):
        pl.size_of(name, f"blueprint.buffers.{name}")
    pl.actions(pl.bp.get("control_flow", []), "blueprint.control_flow", plan.launches, 0, False)
    for i, o in enumerate(plan.outputs):
        if o not in plan.buffers and o not in plan.inputs:
            raise CheckError(f"blueprint.outputs[{i}]: {o!r} is not an input or a buffer")
    return plan


# ---------------------------------------------------------------------------------------------
# Kernel parameters


def _elf_sections(blob):
    """{name: bytes} of a little-endian ELF64 file's sections, or None when it is not one."""
    if len(blob) < 64 or blob[:4] != b"\x7fELF" or blob[4] != 2 or blob[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", blob, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", blob, 0x3A)
    if shentsize < 64 or shoff + shnum * shentsize > len(blob) or shstrndx >= shnum:
        return None
    heads = []
    for i in range(shnum):
        name, _type, _flags, _addr, off, size = struct.unpack_from("<IIQQQQ", blob, shoff + i * shentsize)
        if off + size > len(blob) and _type != 8:  # SHT_NOBITS holds no bytes
            return None
        heads.append((name, _type, off, size))
    _, _, stroff, strsize = heads[shstrndx]
    strtab = blob[stroff:stroff + strsize]
    out = {}
    for name, _type, off, size in heads:
        end = strtab.find(b"\0", name)
        out[strtab[name:end if end >= 0 else None].decode("latin-1")] = b"" if _type == 8 else blob[off:off + size]
    return out


def cubin_param_layout(cubin, symbol):
    """[(offset, size)] of a kernel's parameters from its cubin's .nv.info.<symbol> section
    (EIATTR_KPARAM_INFO records), or None when the cubin does not say (not an ELF cubin, no
    section, a gap in the ordinals)."""
    secs = _elf_sections(cubin)
    if secs is None or ".nv.info." + symbol not in secs:
        return None
    data = secs[".nv.info." + symbol]
    EIFMT_SVAL, EIATTR_KPARAM_INFO = 0x04, 0x17
    params = {}
    i = 0
    while i + 4 <= len(data):
        fmt, attr, val = data[i], data[i + 1], struct.unpack_from("<H", data, i + 2)[0]
        i += 4
        if fmt != EIFMT_SVAL:
            continue
        if i + val > len(data):
            return None
        payload = data[i:i + val]
        i += val
        if attr == EIATTR_KPARAM_INFO and len(payload) >= 12:
            ordinal, offset = struct.unpack_from("<HH", payload, 4)
            size = (struct.unpack_from("<I", payload, 8)[0] >> 18) & 0x3FFF
            params[ordinal] = (offset, size)
    if sorted(params) != list(range(len(params))):
        return None
    return [params[k] for k in range(len(params))]


def pack_args(values, widths=None, where="launch"):
    """The kernel-parameter slots of a launch: 8 bytes per argument, the argument's value written
    little-endian at its parameter's width (widths[i], the rest of the slot zero), or at 8 bytes
    when widths is None. values: [(kind, int)], kind "ptr", "sizeof" or "const". A value must fit
    its width, signed or unsigned (a 4-byte parameter takes -2^31 .. 2^32-1, as the server's
    registration checks); a pointer needs an 8-byte parameter. Raises CheckError otherwise."""
    if widths is not None and len(widths) != len(values):
        raise CheckError(f"{where}: the kernel takes {len(widths)} parameters, the launch passes {len(values)}")
    out = bytearray(8 * len(values))
    for i, (kind, v) in enumerate(values):
        w = 8 if widths is None else widths[i]
        if w not in (1, 2, 4, 8):
            raise CheckError(f"{where}: parameter {i} is {w} bytes: an argument is at most 8 (1, 2, 4 or 8)")
        if kind == "ptr" and w != 8:
            raise CheckError(f"{where}: argument {i} is a pointer, the kernel's parameter {i} is {w} bytes")
        bits = 8 * w
        if not -(1 << (bits - 1)) <= v < 1 << bits:
            raise CheckError(f"{where}: argument {i} = {v} does not fit the kernel's {w}-byte parameter")
        out[8 * i:8 * i + w] = (v & ((1 << bits) - 1)).to_bytes(w, "little")
    return bytes(out)


class ParamBlock:
    """What cuLaunchKernel's kernelParams points at: an array of pointers, one per argument, each
    at that argument's 8-byte slot. Keep the block alive while launches that use it may run."""

    def __init__(self, packed):
        n = len(packed) // 8
        self.n = n
        self.slots = (ctypes.c_uint64 * max(n, 1)).from_buffer_copy(packed.ljust(8 * max(n, 1), b"\0"))
        base = ctypes.addressof(self.slots)
        self.ptrs = (ctypes.c_void_p * max(n, 1))(*[base + 8 * i for i in range(n)])
        self.address = ctypes.addressof(self.ptrs) if n else 0


# ---------------------------------------------------------------------------------------------
# Comparison


def _numpy():
    try:
        import numpy
        return numpy
    except ImportError:
        return None


def decode(dtype, data, np=None):
    """The elements of a little-endian tensor: floats for F16, BF16, F32, F64, ints otherwise; a
    numpy float64/int64 array with np, else a list."""
    if dtype == "BF16":
        if np is not None:
            return (np.frombuffer(data, "<u2").astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        wide = bytearray(2 * len(data))
        wide[2::4] = data[0::2]
        wide[3::4] = data[1::2]
        return list(struct.unpack(f"<{len(data) // 2}f", wide))
    fmt = {"F16": "e", "F32": "f", "F64": "d"}.get(dtype) or INT_FORMATS.get(dtype)
    if fmt is None:
        raise CheckError(f"dtype {dtype} is not one the checker compares")
    size = struct.calcsize(fmt)
    if len(data) % size:
        raise CheckError(f"{len(data)} bytes are not whole {dtype} elements")
    if np is not None:
        a = np.frombuffer(data, "<" + fmt)
        return a.astype(np.float64 if dtype in BOUNDS else np.int64)
    return list(struct.unpack(f"<{len(data) // size}{fmt}", data))


def compare(dtype, got, want, bound=None, np=None):
    """Compares an output's bytes with the reference's. bound defaults to BOUNDS[dtype] (0, an
    exact match, for integers and bool); the limit is bound x max |ref| (bound itself when the
    reference is all zeros). An element is off when |got - ref| exceeds the limit or where one
    is NaN or infinite and the other not the same. Returns a dict: elements, max_abs_diff,
    max_abs_ref, rel (max_abs_diff / max_abs_ref), bound, limit, off, frac_off, ok. got may be
    longer than want (a buffer rounded up): its first len(want) bytes are compared."""
    if len(got) < len(want):
        raise CheckError(f"the output has {len(got)} bytes, the reference {len(want)}")
    got = got[:len(want)]
    if bound is None:
        bound = BOUNDS.get(dtype, 0.0)
    g, w = decode(dtype, got, np), decode(dtype, want, np)
    if np is not None:
        with np.errstate(invalid="ignore", over="ignore"):
            finite = np.isfinite(w)
            max_ref = float(np.max(np.abs(w[finite]))) if finite.any() else 0.0
            d = np.abs(g - w)
            same = (g == w) | (np.isnan(g) & np.isnan(w))
            d = np.where(same, 0.0, np.where(np.isnan(d), np.inf, d))
        n = int(d.size)
        max_diff = float(d.max()) if n else 0.0
        limit = bound * max_ref if max_ref > 0 else bound
        off = int(np.count_nonzero(d > limit))
    else:
        max_ref = max((abs(x) for x in w if math.isfinite(x)), default=0.0)
        limit = bound * max_ref if max_ref > 0 else bound
        n, off, max_diff = len(w), 0, 0.0
        for a, b in zip(g, w):
            if a == b or (a != a and b != b):
                continue
            d = abs(a - b)
            if d != d:
                d = math.inf
            max_diff = max(max_diff, d)
            if d > limit:
                off += 1
    return {"dtype": dtype, "elements": n, "max_abs_diff": max_diff, "max_abs_ref": max_ref,
            "rel": (max_diff / max_ref) if max_ref > 0 else max_diff, "bound": bound, "limit": limit,
            "off": off, "frac_off": off / n if n else 0.0, "ok": off == 0}


# ---------------------------------------------------------------------------------------------
# The GPU executor (cuda-python)


def driver_module():
    """cuda-python's driver bindings: cuda.bindings.driver (12.6 and later, 13.x), else the older
    cuda.cuda. Raises CheckError when neither is installed."""
    try:
        from cuda.bindings import driver
        return driver
    except ImportError:
        pass
    try:
        from cuda import cuda as driver
        return driver
    except ImportError:
        raise CheckError("cuda-python is not installed here (pip install cuda-bindings, or cuda-python)") from None


def _code(err):
    return int(getattr(err, "value", err))


class Executor:
    """One CUDA device's primary context with the modules, allocations and events the check
    made; close() frees them. cu is the driver module (driver_module(); tests pass a fake)."""

    def __init__(self, cu, device=0):
        self.cu = cu
        self.allocs, self.modules, self.events, self.graphs, self._images = [], [], [], [], []
        self.stream = self.ctx = None
        self.name = f"device {device}"
        try:
            self._call(cu.cuInit, 0)
            self.dev = self._call(cu.cuDeviceGet, device)
            name = self._call(cu.cuDeviceGetName, 256, self.dev)
            self.name = (name if isinstance(name, bytes) else bytes(name)).split(b"\0", 1)[0].decode(errors="replace")
            self.ctx = self._call(cu.cuDevicePrimaryCtxRetain, self.dev)
            self._call(cu.cuCtxSetCurrent, self.ctx)
            self.stream = self._call(cu.cuStreamCreate, 1)  # CU_STREAM_NON_BLOCKING: capturable
        except BaseException:
            self.close()
            raise

    def _call(self, fn, *args):
        res = fn(*args)
        if not isinstance(res, tuple):
            res = (res,)
        if _code(res[0]) != 0:
            label = str(res[0])
            try:
                e, nm = self.cu.cuGetErrorName(res[0])
                if _code(e) == 0:
                    label = nm.decode() if isinstance(nm, bytes) else str(nm)
            except Exception:
                pass
            raise CheckError(f"{getattr(fn, '__name__', fn)}: {label}")
        rest = res[1:]
        return None if not rest else rest[0] if len(rest) == 1 else rest

    def load_module(self, image):
        self._images.append(image)  # kept while the module lives
        m = self._call(self.cu.cuModuleLoadData, image)
        self.modules.append(m)
        return m

    def function(self, module, symbol):
        return self._call(self.cu.cuModuleGetFunction, module, symbol.encode())

    def param_layout(self, func):
        """[(offset, size)] from cuFuncGetParamInfo, or None where the bindings or the driver
        lack it (before CUDA 12.4) or it says nothing (no parameters: the cubin is asked next)."""
        info = getattr(self.cu, "cuFuncGetParamInfo", None)
        if info is None:
            return None
        out = []
        for i in range(4096):
            try:
                res = info(func, i)
            except RuntimeError:  # the bindings know the call, the driver has no such symbol
                return None
            if _code(res[0]) != 0:
                if _code(res[0]) != 1:  # CUDA_ERROR_INVALID_VALUE: past the last parameter
                    return None
                break
            out.append((int(res[1]), int(res[2])))
        return out or None

    def allow_shared(self, func, nbytes):
        if nbytes > STATIC_SHARED_LIMIT:
            attr = self.cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self._call(self.cu.cuFuncSetAttribute, func, attr, nbytes)

    def alloc(self, nbytes):
        d = self._call(self.cu.cuMemAlloc, max(nbytes, 1))
        self.allocs.append(d)
        return d

    def zero(self, d, nbytes):
        self._call(self.cu.cuMemsetD8, d, 0, nbytes)

    def upload(self, d, data):
        if data:
            self._call(self.cu.cuMemcpyHtoD, d, data, len(data))

    def download(self, d, nbytes):
        buf = bytearray(nbytes)
        self._call(self.cu.cuMemcpyDtoH, buf, d, nbytes)
        return bytes(buf)

    def launch(self, func, dims, block):
        gx, gy, gz, bx, by, bz, shm = dims
        self._call(self.cu.cuLaunchKernel, func, gx, gy, gz, bx, by, bz, shm, self.stream, block.address, 0)

    def sync(self):
        self._call(self.cu.cuStreamSynchronize, self.stream)

    def sync_all(self):
        self._call(self.cu.cuCtxSynchronize)

    def capture(self, fn):
        """An instantiated CUDA graph of the launches fn makes on the stream."""
        cu = self.cu
        self._call(cu.cuStreamBeginCapture, self.stream, cu.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
        try:
            fn()
        finally:
            graph = self._call(cu.cuStreamEndCapture, self.stream)
            self.graphs.append((cu.cuGraphDestroy, graph))
        instantiate = getattr(cu, "cuGraphInstantiateWithFlags", None) or cu.cuGraphInstantiate  # (graph, flags)
        exe = self._call(instantiate, graph, 0)
        self.graphs.append((cu.cuGraphExecDestroy, exe))
        return exe

    def launch_graph(self, exe):
        self._call(self.cu.cuGraphLaunch, exe, self.stream)

    def event(self):
        e = self._call(self.cu.cuEventCreate, 0)
        self.events.append(e)
        return e

    def record(self, e):
        self._call(self.cu.cuEventRecord, e, self.stream)

    def elapsed_ms(self, a, b):
        fn = getattr(self.cu, "cuEventElapsedTime", None) or getattr(self.cu, "cuEventElapsedTime_v2")
        return float(self._call(fn, a, b))

    def close(self):
        cu = self.cu
        steps = list(reversed(self.graphs)) + [(cu.cuEventDestroy, e) for e in self.events]
        steps += [(cu.cuMemFree, d) for d in self.allocs]
        steps += [(cu.cuModuleUnload, m) for m in self.modules]
        if self.stream is not None:
            steps.append((cu.cuStreamDestroy, self.stream))
        if self.ctx is not None:
            steps.append((cu.cuDevicePrimaryCtxRelease, self.dev))
        for fn, arg in steps:
            try:
                fn(arg)
            except Exception:
                pass
        self.allocs, self.modules, self.events, self.graphs = [], [], [], []
        self.stream = self.ctx = None


def _timed(ex, fn, repeat, warmup):
    """fn's GPU time: CUDA events around each of repeat calls, after warmup untimed ones."""
    for _ in range(warmup):
        fn()
    marks = [(ex.event(), ex.event()) for _ in range(repeat)]
    for a, b in marks:
        ex.record(a)
        fn()
        ex.record(b)
    ex.sync()
    ms = sorted(ex.elapsed_ms(a, b) for a, b in marks)
    return {"repeat": repeat, "warmup": warmup, "median_ms": ms[len(ms) // 2], "min_ms": ms[0],
            "mean_ms": sum(ms) / len(ms), "max_ms": ms[-1]}


def _run(ex, bundle, plan, repeat, warmup, np, graph=True):
    funcs, sources, mods, shared = {}, {}, {}, {}
    for launch in plan.init_launches + plan.launches:
        shared[launch.kernel] = max(shared.get(launch.kernel, 0), launch.dims[6])
    for kernel in shared:
        lib = plan.kernels[kernel]
        if lib not in mods:
            mods[lib] = ex.load_module(bundle.libraries[lib])
        f = ex.function(mods[lib], kernel)
        layout, src = ex.param_layout(f), "driver"
        if layout is None:
            layout, src = cubin_param_layout(bundle.libraries[lib], kernel), "cubin"
        if layout is None:
            src = "8-byte slots"
        ex.allow_shared(f, shared[kernel])
        funcs[kernel] = (f, None if layout is None else [s for _, s in layout])
        sources[src] = sources.get(src, 0) + 1
    ptr, size = {}, {}
    for name in plan.inputs:
        data = bundle.ref_inputs[name][2]
        ptr[name], size[name] = ex.alloc(len(data)), len(data)
        ex.upload(ptr[name], data)
    for name in plan.weights:
        data = bundle.weights[name][2]
        ptr[name], size[name] = ex.alloc(len(data)), len(data)
        ex.upload(ptr[name], data)
    for name, n in list(plan.init_buffers.items()) + list(plan.buffers.items()):
        ptr[name], size[name] = ex.alloc(n), n
        ex.zero(ptr[name], n)
    ex.sync_all()  # the copies and memsets ran on the legacy stream, the launches do not

    def blocks(launches):
        out = []
        for l in launches:
            f, widths = funcs[l.kernel]
            values = [(k, int(ptr[v]) if k == "ptr" else size[v] if k == "sizeof" else v) for k, v in l.args]
            out.append((f, l.dims, ParamBlock(pack_args(values, widths, f"{l.path} ({l.kernel})"))))
        return out

    init, main = blocks(plan.init_launches), blocks(plan.launches)

    def run(list_):
        for f, dims, block in list_:
            ex.launch(f, dims, block)

    run(init)
    run(main)
    ex.sync()
    outputs = []
    ok = True
    for name in plan.outputs:
        if name not in bundle.ref_outputs:
            raise CheckError(f"the reference outputs lack {name!r}")
        dtype, shape, want = bundle.ref_outputs[name]
        r = compare(dtype, ex.download(ptr[name], size[name]), want, np=np)
        r.update(name=name, shape=list(shape))
        outputs.append(r)
        ok = ok and r["ok"]
    timing = graph_timing = None
    if repeat > 0:
        timing = _timed(ex, lambda: run(main), repeat, warmup)
        if graph:
            try:
                exe = ex.capture(lambda: run(main))
                graph_timing = _timed(ex, lambda: ex.launch_graph(exe), repeat, warmup)
            except (CheckError, AttributeError, TypeError, RuntimeError) as e:  # bindings without graphs too
                graph_timing = {"error": str(e)}
    return {"ok": ok, "outputs": outputs, "timing": timing, "graph_timing": graph_timing, "param_widths": sources,
            "launches": len(plan.launches), "init_launches": len(plan.init_launches), "kernels": len(funcs)}


def check(bundle_dir, repeat=20, warmup=3, device=0, driver=None, graph=True):
    """Runs the bundle on a GPU and compares its outputs with the reference. Returns a dict:
    ok (every output within its bound), outputs (per output: name, dtype, shape, elements,
    max_abs_diff, max_abs_ref, rel, bound, limit, off, frac_off, ok), timing (the launch list's
    time launched from Python, over repeat runs after warmup: median_ms, min_ms, mean_ms,
    max_ms; None when repeat is 0), graph_timing (the same launch list captured as one CUDA
    graph: its GPU time without Python's launch overhead; {"error"} where capture failed; None
    when repeat is 0 or not graph), param_widths (how the kernels' parameter widths were known),
    launches, device. Raises CheckError when it cannot check. driver: the cuda-python driver
    module (default: imported)."""
    bundle = load_bundle(bundle_dir)
    inputs = {n: t[2] for n, t in bundle.ref_inputs.items()}
    plan = make_plan(bundle.config, inputs, {n: len(t[2]) for n, t in bundle.weights.items()}, bundle.libraries)
    cu = driver if driver is not None else driver_module()
    ex = Executor(cu, device)
    try:
        result = _run(ex, bundle, plan, repeat, warmup, _numpy(), graph)
    finally:
        ex.close()
    result.update(bundle=bundle_dir, device=ex.name, function=bundle.manifest.get("function"))
    return result


def report(r, out=None):
    """Writes a check's result for people (to out, default stdout)."""
    out = out or sys.stdout
    widths = ", ".join(f"{k} {v}" for k, v in sorted(r["param_widths"].items()))
    print(f"gpufn check {r['bundle']} ({r.get('function')}) on {r['device']}: {r['launches']} launches of "
          f"{r['kernels']} kernels, {r['init_launches']} in the init flow (parameter widths: {widths})", file=out)
    for o in r["outputs"]:
        print(f"  {o['name']} {o['dtype']}{o['shape']}: max |diff| {o['max_abs_diff']:.3e}, max |ref| "
              f"{o['max_abs_ref']:.3e}, rel {o['rel']:.3e} (bound {o['bound']:g}); {o['off']} of {o['elements']} "
              f"elements off ({100 * o['frac_off']:.3f}%): {'ok' if o['ok'] else 'MISMATCH'}", file=out)
    for key, what in (("timing", "launched from Python"), ("graph_timing", "as one CUDA graph")):
        t = r.get(key)
        if t and "error" in t:
            print(f"  GPU time {what}: not measured ({t['error']})", file=out)
        elif t:
            print(f"  GPU time {what}: median {t['median_ms']:.4f} ms, min {t['min_ms']:.4f}, mean "
                  f"{t['mean_ms']:.4f}, max {t['max_ms']:.4f} over {t['repeat']} runs after {t['warmup']} warm-ups",
                  file=out)
    print("ok" if r["ok"] else "MISMATCH", file=out)


def main(argv=None, driver=None):
    ap = argparse.ArgumentParser(prog="python -m tools.export.check",
                                 description="run a gpufn bundle on the GPU with cuda-python and compare with its reference outputs")
    ap.add_argument("bundle", help="the bundle's directory (gpufn-bundle.json)")
    ap.add_argument("--repeat", type=int, default=20, help="timed runs of the launch list (0: no timing; default 20)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed runs before them (default 3)")
    ap.add_argument("--device", type=int, default=0, help="the CUDA device (default 0)")
    ap.add_argument("--no-graph", action="store_true", help="do not time the launch list as a CUDA graph")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    try:
        r = check(args.bundle, max(args.repeat, 0), max(args.warmup, 0), args.device, driver, not args.no_graph)
    except CheckError as e:
        print(f"gpufn check: {e}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(r, sys.stdout, indent=1)
        print()
    else:
        report(r)
    return 0 if r["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
