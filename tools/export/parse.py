"""Parse AOTInductor's output into a gpufn program: plain Python, no torch.

AOTInductor (torch._inductor.aoti_compile_and_package with Triton-only kernels; the form read
here is torch 2.11's, checked against real exports of ResNet-18 and BERT-base in examples/)
writes a C++ wrapper with:

- one launcher per Triton kernel, `static inline void call_triton_NAME(params...)`: it computes
  the grid from its integer parameters, loads the kernel from its cubin (loadKernel(path,
  symbol, shared)), takes each tensor parameter's device pointer, each 32-bit scalar, two
  trailing scratch pointers (0), and calls launchKernel(kernel, grid x/y/z, num_warps, shared,
  args);
- AOTInductorModel::run_impl, a straight-line program: inputs taken from input_handles, the
  weights (constants_->at(i), described in constants_info_ with their state_dict names),
  buffers allocated with static shapes (aoti_torch_empty_strided), a buffer's storage reused
  under a new name (`auto buf5 = std::move(buf2);  // reuse`), launcher calls, outputs.

parse() reads both into a Program: the tensors (inputs, constants, buffers by their storage),
the kernels with Triton's metadata (.json beside each cubin: num_warps, shared, scratch), and
the launches with their arguments resolved (a pointer names the storage it points to; the
launcher's parameter name says whether the kernel writes through it: out_ptr*, in_out_ptr*).
to_config() makes the gpufn config of it (docs/config-models.md), moving the launches that only
re-lay out weights (read weights alone, write a buffer nothing else writes) to the init_flow, so
that they run once per placement instead of once per invocation.

Anything that is not a Triton launch (an extern kernel such as at::addmm_out, an
aoti_torch_cuda_* fallback, a view with an offset) is refused with the op's name: gpufn runs
only kernels it can load.
"""

import json
import os
import re
from dataclasses import dataclass, field

DTYPE_SIZE = {
    "float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4, "int16": 2, "int8": 1,
    "uint8": 1, "bool": 1, "float64": 8,
}
SAFETENSORS_DTYPE = {
    "float32": "F32", "float16": "F16", "bfloat16": "BF16", "int64": "I64", "int32": "I32",
    "int16": "I16", "int8": "I8", "uint8": "U8", "bool": "BOOL", "float64": "F64",
}


class ExportError(Exception):
    """What the exporter cannot turn into a gpufn function, said plainly."""


@dataclass
class Kernel:
    name: str        # the kernels struct's member: the kernel's name in the wrapper
    symbol: str      # the function's symbol in the cubin
    cubin: str       # the cubin's path as the wrapper has it
    shared: int      # dynamic shared memory loadKernel asks for
    meta: dict = field(default_factory=dict)  # Triton's .json beside the cubin


@dataclass
class Constant:
    index: int
    name: str        # the C++ name
    fqn: str         # the module's name for it (state_dict key): the weight's name in the set
    dtype: str
    shape: tuple
    nbytes: int


@dataclass
class Arg:
    kind: str        # "ptr" (value: a tensor's name), "int" (value: int), "scratch" (value: 0)
    value: object
    written: bool = False  # a pointer the kernel writes through (out_ptr*, in_out_ptr*)
    read: bool = True      # a pointer the kernel reads through (all but out_ptr*)


@dataclass
class Launch:
    kernel: str
    grid: tuple
    num_warps: int
    shared: int
    args: list


@dataclass
class Program:
    inputs: list = field(default_factory=list)       # C++ names, in order
    constants: dict = field(default_factory=dict)    # C++ name -> Constant
    buffers: dict = field(default_factory=dict)      # storage name -> bytes, in allocation order
    kernels: dict = field(default_factory=dict)      # name -> Kernel
    launches: list = field(default_factory=list)
    outputs: list = field(default_factory=list)      # storage names, in order
    reuse: dict = field(default_factory=dict)        # buffer -> the buffer whose storage it reuses


def _ints(text):
    return tuple(int(v.strip().rstrip("L")) for v in text.split(",") if v.strip())


def _storage_bytes(sizes, strides, dtype):
    if dtype not in DTYPE_SIZE:
        raise ExportError(f"dtype {dtype} is not one gpufn exports")
    if any(s == 0 for s in sizes):
        return 0
    elems = 1 + sum((s - 1) * st for s, st in zip(sizes, strides))
    return elems * DTYPE_SIZE[dtype]


def _split_top(s):
    """Splits a C argument list at its top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


_EXPR = re.compile(r"^[\w\s+\-*/%()]*$")


def _eval(expr, env):
    """Evaluates a launcher's integer expression (C: / on non-negative ints truncates)."""
    e = re.sub(r"\b(\d+)L\b", r"\1", expr.strip())
    e = e.replace("std::min", "min").replace("std::max", "max")
    if not _EXPR.match(e.replace("min", "").replace("max", "").replace(",", "")):
        raise ExportError(f"an expression gpufn cannot evaluate: {expr!r}")
    e = e.replace("/", "//")
    try:
        v = eval(e, {"__builtins__": {}, "min": min, "max": max}, dict(env))  # noqa: S307 (ints only)
    except Exception as exc:  # a name that is no parameter, a division by zero
        raise ExportError(f"cannot evaluate {expr!r}: {exc}") from None
    if not isinstance(v, int) or v < 0:
        raise ExportError(f"{expr!r} is {v!r}, not a non-negative integer")
    return v


def _run_impl(src):
    m = re.search(r"void AOTInductorModel::run_impl\(.*?\)\s*\{", src, re.S)
    if not m:
        raise ExportError("no AOTInductorModel::run_impl in the wrapper")
    end = src.find("} // AOTInductorModel::run_impl", m.end())
    if end < 0:
        raise ExportError("run_impl has no end marker ('} // AOTInductorModel::run_impl')")
    return src[m.end():end]


def _constants(src):
    fields = {}
    for idx, key, val in re.findall(r"constants_info_\[(\d+)\]\.(\w+)\s*=\s*(.*?);", src):
        fields.setdefault(int(idx), {})[key] = val.strip()
    out = {}
    for idx, f in sorted(fields.items()):
        name = f.get("name", "").strip('"')
        if f.get("from_folded", "false") == "true":
            raise ExportError(f"constant {name} is folded by AOTInductor (its value is not in the state_dict)")
        dm = re.search(r"cached_torch_dtype_(\w+)", f.get("dtype", ""))
        dtype = dm.group(1) if dm else "?"
        shape = _ints(f.get("shape", "{}").strip("{}"))
        fqn = f.get("original_fqn", '"%s"' % name).strip('"')
        nbytes = int(f.get("data_size", "0").rstrip("L") or 0)
        out[name] = Constant(idx, name, fqn, dtype, shape, nbytes)
    return out


@dataclass
class _Launcher:
    name: str
    params: list          # parameter names, in order
    ops: list             # ("let", name, expr) | ("kernel", member, path, symbol, shared)
    args: list            # per kernel argument: ("ptr", param) | ("int", expr) | ("scratch",)
    launch: tuple = None  # (member, grid exprs, num_warps, shared)


_LAUNCHER = re.compile(r"static inline void (call_\w+)\((.*?)\)\s*\{(.*?)\n\}", re.S)


def _launchers(src):
    out = {}
    for name, params, body in _LAUNCHER.findall(src):
        names = []
        for p in _split_top(params):
            p = p.split("=")[0].strip()
            names.append(re.findall(r"\w+", p)[-1])
        out[name] = _launcher(name, names, re.sub(r"/\*.*?\*/", "", body, flags=re.S))
    return out


def _launcher(name, params, body):
    lz = _Launcher(name, params, [], [])
    vars_ = {}
    for line in (ln.strip() for ln in body.splitlines()):
        if not line or line.startswith("//") or line == "}":
            continue
        m = re.fullmatch(r"u?int(?:32|64)_t (\w+) = (.+);", line)
        if m and m.group(1).startswith("var_"):  # a kernel argument
            vars_[m.group(1)] = ("int", m.group(2))
            continue
        if m:  # a grid computation
            lz.ops.append(("let", m.group(1), m.group(2)))
            continue
        if re.fullmatch(r"if \((grid_\d == 0 \|\| )*grid_\d == 0\) return;", line) or \
                re.fullmatch(r"if \(kernels_\.\w+ == nullptr\) \{", line):
            continue
        m = re.fullmatch(r'kernels_\.(\w+) = loadKernel\("([^"]+)", "([^"]+)", (\d+), cubin_dir_\);', line)
        if m:
            lz.ops.append(("kernel", m.group(1), m.group(2), m.group(3), int(m.group(4))))
            continue
        m = re.fullmatch(r"CUdeviceptr (\w+) = reinterpret_cast<CUdeviceptr>\((\w+)\.data_ptr\(\)\);", line)
        if m:
            vars_[m.group(1)] = ("ptr", m.group(2))
            continue
        m = re.fullmatch(r"CUdeviceptr (\w+) = 0;", line)
        if m:
            vars_[m.group(1)] = ("scratch",)
            continue
        m = re.fullmatch(r"void\* kernel_args_\[\] = \{(.*)\};", line)
        if m:
            for a in _split_top(m.group(1)):
                v = a.lstrip("&")
                if v not in vars_:
                    raise ExportError(f"{name}: kernel argument {v} is not one gpufn can pass")
                lz.args.append(vars_[v])
            continue
        m = re.fullmatch(r"launchKernel\(kernels_\.(\w+), (\w+), (\w+), (\w+), (\d+), (\d+), kernel_args_, stream_\);", line)
        if m:
            lz.launch = (m.group(1), m.group(2, 3, 4), int(m.group(5)), int(m.group(6)))
            continue
        raise ExportError(f"{name}: a statement gpufn does not know: {line!r}")
    if lz.launch is None:
        raise ExportError(f"{name} launches no kernel")
    return lz


# run_impl's lines that are bookkeeping, not work.
_IGNORED = re.compile(
    r"^(//.*|__check_inputs_outputs\(.*|auto inputs = steal_from_raw_handles_to_raii_handles\(.*|inputs\.clear\(\);|"
    r"\[\[maybe_unused\]\] auto& kernels = .*|AOTICudaStreamGuard .*|AtenTensorHandle \w+_handle;|"
    r"RAIIAtenTensorHandle (?P<h>\w+)\((?P=h)_handle\);|\w+\.reset\(\);|)$")
_ALIGN = re.compile(r"if \(\(reinterpret_cast<std::uintptr_t>\((\w+)\.data_ptr\(\)\) & \(\d+ -1\)\) != 0\) \{")


def parse(wrapper_src, cubin_dir=None):
    """Parses a wrapper.cpp's text; cubin_dir holds the kernels' cubins and Triton .json."""
    launchers = _launchers(wrapper_src)
    prog = Program()
    prog.constants = _constants(wrapper_src)
    by_index = {c.index: c for c in prog.constants.values()}
    alias = {}   # C++ variable -> the storage it names (an input, a constant, a buffer)
    arrays = {}
    skip = 0
    for line in (ln.strip() for ln in _run_impl(wrapper_src).splitlines()):
        if skip:  # the body of an alignment check: inputs gpufn passes are 256-byte aligned
            skip += line.count("{") - line.count("}")
            continue
        if _ALIGN.fullmatch(line):
            skip = 1
            continue
        if _IGNORED.fullmatch(line):
            continue
        m = re.fullmatch(r"auto (\w+) = std::move\(inputs\[(\d+)\]\);", line)
        if m:
            prog.inputs.append(m.group(1))
            alias[m.group(1)] = m.group(1)
            continue
        m = re.fullmatch(r"(?:\[\[maybe_unused\]\] )?auto& (\w+) = constants_->at\((\d+)\);", line)
        if m:
            c = by_index.get(int(m.group(2)))
            if c is None:
                raise ExportError(f"constant {m.group(2)} is used but not described in constants_info_")
            alias[m.group(1)] = c.name
            continue
        m = re.fullmatch(r"static constexpr int64_t (int_array_\d+)\[\] = \{([^}]*)\};", line)
        if m:
            arrays[m.group(1)] = _ints(m.group(2))
            continue
        m = re.fullmatch(r"AOTI_TORCH_ERROR_CODE_CHECK\(aoti_torch_empty_strided\(\d+, (int_array_\d+), (int_array_\d+), "
                         r"cached_torch_dtype_(\w+), cached_torch_device_type_cuda, this->device_idx_, &(\w+)_handle\)\);", line)
        if m:
            sizes, strides, dtype, name = m.groups()
            prog.buffers[name] = _storage_bytes(arrays[sizes], arrays[strides], dtype)
            alias[name] = name
            continue
        m = re.fullmatch(r"auto (\w+) = std::move\((\w+)\);\s*// reuse", line) or re.fullmatch(
            r"auto (\w+) = wrap_with_raii_handle_if_needed\(reinterpret_tensor_wrapper\((\w+), \d+, int_array_\d+, "
            r"int_array_\d+, (\d+)L\)\);(?: \w+\.reset\(\);)?\s*(// reuse)?", line)
        if m:
            _reuse(prog, alias, m)
            continue
        m = re.fullmatch(r"(call_\w+)\((.*)\);", line)
        if m and m.group(1) in launchers:
            launch = _call(launchers[m.group(1)], _split_top(m.group(2)), alias, prog, cubin_dir)
            if launch is not None:
                prog.launches.append(launch)
            continue
        m = re.fullmatch(r"output_handles\[(\d+)\] = (\w+)\.release\(\);", line)
        if m:
            if m.group(2) not in alias:
                raise ExportError(f"output {m.group(1)} is {m.group(2)}, which is unknown")
            prog.outputs.append(alias[m.group(2)])
            continue
        ops = [o for o in re.findall(r"([A-Za-z_][\w:]*)\s*\(", line) if o != "AOTI_TORCH_ERROR_CODE_CHECK"]
        raise ExportError(f"not a Triton launch: {ops[0] if ops else line!r} "
                          f"(export with max_autotune and Triton-only GEMM/conv backends)")
    if not prog.launches:
        raise ExportError("run_impl launches no kernel")
    _continuations(prog)
    for o in prog.outputs:
        if o not in prog.buffers:
            raise ExportError(f"output {o} is not a buffer the program writes (an input or a weight as an output)")
    return prog


def _reuse(prog, alias, m):
    """A buffer's storage taken under a new name: a reuse (Inductor's `// reuse`: the old name is
    dead from here) becomes a buffer of its own that plan() may merge back into the storage; a
    view of a live tensor is the same storage. Views at an offset are refused."""
    new, old = m.group(1), m.group(2)
    if old not in alias:
        raise ExportError(f"{new} takes the storage of {old}, which is unknown")
    offset = int(m.group(3)) if m.re.groups >= 3 else 0
    if offset:
        raise ExportError(f"{new} is a view of {old} at offset {offset}; gpufn passes whole buffers")
    src = alias[old]
    is_reuse = m.re.groups == 2 or m.group(4) is not None
    if is_reuse and src in prog.buffers:
        prog.buffers[new] = prog.buffers[src]
        prog.reuse[new] = src
        alias[new] = new
    else:
        alias[new] = src


def _continuations(prog):
    """A reuse whose first launch reads it continues the old tensor's data (an in-place op after
    Inductor's `// reuse`): it is the same storage, not a buffer of its own."""
    first = {}
    for l in prog.launches:
        for a in l.args:
            if a.kind == "ptr" and a.value in prog.reuse:
                first.setdefault(a.value, (l, False))
                if first[a.value][0] is l and a.read:
                    first[a.value] = (l, True)
    rename = {}
    for new, old in list(prog.reuse.items()):
        if new not in first or first[new][1]:
            rename[new] = rename.get(old, old)
            del prog.reuse[new]
            del prog.buffers[new]
    for new, old in prog.reuse.items():
        prog.reuse[new] = rename.get(old, old)
    for l in prog.launches:
        for a in l.args:
            if a.kind == "ptr":
                a.value = rename.get(a.value, a.value)
    prog.outputs = [rename.get(o, o) for o in prog.outputs]


_TRAILING = ("device_idx_", "stream_", "kernels_", "cubin_dir_")


def _call(lz, values, alias, prog, cubin_dir):
    """The Launch of one launcher call, or None when its grid is empty."""
    params = [p for p in lz.params if p not in _TRAILING]
    if len(values) < len(params):
        raise ExportError(f"{lz.name} called with {len(values)} arguments for {len(params)} parameters")
    env, tensors = {}, {}
    for p, v in zip(params, values):
        v = v.strip()
        if re.fullmatch(r"-?\d+L?", v):
            env[p] = int(v.rstrip("L"))
        elif v in alias:
            tensors[p] = alias[v]
        else:
            raise ExportError(f"{lz.name}: argument {p} = {v!r} is neither a tensor nor an integer")
    kernel = None
    for op in lz.ops:
        if op[0] == "let":
            env[op[1]] = _eval(op[2], env)
        else:
            _, member, path, symbol, shared = op
            kernel = prog.kernels.get(member)
            if kernel is None:
                kernel = prog.kernels[member] = Kernel(member, symbol, path, shared, _metadata(path, cubin_dir))
    member, grid_exprs, num_warps, shared = lz.launch
    if kernel is None or kernel.name != member:
        raise ExportError(f"{lz.name} launches {member} without loading it")
    grid = tuple(_eval(g, env) for g in grid_exprs)
    if 0 in grid:
        return None
    args = []
    for a in lz.args:
        if a[0] == "ptr":
            if a[1] not in tensors:
                raise ExportError(f"{lz.name}: pointer parameter {a[1]} was given no tensor")
            args.append(Arg("ptr", tensors[a[1]], written=a[1].startswith(("out_ptr", "in_out_ptr")),
                            read=not a[1].startswith("out_ptr")))
        elif a[0] == "int":
            args.append(Arg("int", _eval(a[1], env)))
        else:
            args.append(Arg("scratch", 0))
    _check_meta(kernel, num_warps, shared)
    return Launch(member, grid, num_warps, shared, args)


def _metadata(path, cubin_dir):
    if cubin_dir is None:
        return {}
    js = os.path.join(cubin_dir, os.path.splitext(os.path.basename(path))[0] + ".json")
    if not os.path.exists(js):
        return {}
    with open(js) as f:
        return json.load(f)


def _check_meta(kernel, num_warps, shared):
    meta = kernel.meta
    for key in ("global_scratch_size", "profile_scratch_size"):
        if meta.get(key):
            raise ExportError(f"kernel {kernel.name} needs {meta[key]} bytes of {key[:-5]}; not exported yet")
    if meta.get("num_warps") not in (None, num_warps):
        raise ExportError(f"kernel {kernel.name}: launched with {num_warps} warps, its metadata says {meta['num_warps']}")
    if meta.get("shared") not in (None, shared):
        raise ExportError(f"kernel {kernel.name}: launched with {shared} bytes of shared memory, its metadata says {meta['shared']}")


def derived(prog):
    """The launches that only re-lay out weights, and the buffers they write: a launch whose
    every read is a weight (or a buffer such a launch wrote) and whose writes go to buffers
    that no other launch writes and that are no output. Returns (launch indices, buffers)."""
    writers = {}
    for i, l in enumerate(prog.launches):
        for a in l.args:
            if a.kind == "ptr" and a.written:
                writers.setdefault(a.value, set()).add(i)
    hoisted, bufs = set(), set()
    changed = True
    while changed:
        changed = False
        for i, l in enumerate(prog.launches):
            if i in hoisted:
                continue
            ptrs = [a for a in l.args if a.kind == "ptr"]
            writes = [a.value for a in ptrs if a.written]
            reads = [a.value for a in ptrs if a.read]
            if not writes or any(w not in prog.buffers or writers[w] != {i} or w in prog.outputs for w in writes):
                continue
            if all(r in prog.constants or r in bufs for r in reads):
                hoisted.add(i)
                bufs.update(writes)
                changed = True
    return sorted(hoisted), bufs


def plan(prog, hoist=True):
    """(hoisted launch indices, derived buffers, storage): storage maps each buffer to the
    buffer whose storage it uses. Every reuse Inductor planned is kept (its storage shared)
    except where one side is a derived buffer, which must keep its own (it is resident and
    read-only)."""
    hoisted, dbufs = derived(prog) if hoist else ([], set())
    storage = {}

    def find(b):
        while b in storage:
            b = storage[b]
        return b

    for new, old in prog.reuse.items():
        root = find(old)
        if new not in dbufs and root not in dbufs:
            storage[new] = root
    return hoisted, dbufs, {b: find(b) for b in prog.buffers}


# A library's name with ".cubin" (a config's module path) fits gpufn's 128 bytes.
SYMBOL_CUT = 109


def library_name(kernel, sha=None):
    """The gpufn library a kernel's cubin is uploaded as: its symbol and, when the cubin is at
    hand, the first 12 hex digits of its sha256 (one model's kernel_3 is not another's), within
    gpufn's 128 bytes."""
    if sha is None:
        return kernel.symbol[:SYMBOL_CUT + 13]
    return f"{kernel.symbol[:SYMBOL_CUT]}-{sha[:12]}"


def to_config(prog, weight_set="model", hoist=True, shas=None):
    """The gpufn config of a program (Dandelion v2 modules: one library per cubin)."""
    symbols = [k.symbol for k in prog.kernels.values()]
    if len(set(symbols)) != len(symbols):
        raise ExportError("two cubins export the same kernel symbol; gpufn names kernels by symbol")
    hoisted, dbufs, storage = plan(prog, hoist)
    used = []

    def tensor(name):
        if name in prog.constants:
            name = prog.constants[name].fqn
            if name not in used:
                used.append(name)
        return storage.get(name, name)

    def flow(launches):
        out = []
        for l in launches:
            args = [{"Ptr": tensor(a.value)} if a.kind == "ptr" else {"Constant": int(a.value)} for a in l.args]
            launch = {
                "grid_dim_x": {"Absolute": l.grid[0]}, "grid_dim_y": {"Absolute": l.grid[1]},
                "grid_dim_z": {"Absolute": l.grid[2]}, "block_dim_x": {"Absolute": 32 * l.num_warps},
                "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
                "shared_mem_bytes": {"Absolute": l.shared},
            }
            out.append({"ExecKernel": [prog.kernels[l.kernel].symbol, args, launch]})
        return out

    init = flow([prog.launches[i] for i in hoisted])
    body = flow([l for i, l in enumerate(prog.launches) if i not in set(hoisted)])
    blueprint = {
        "inputs": list(prog.inputs),
        "weights": used,
        "buffers": {n: {"Absolute": max(b, 1)} for n, b in prog.buffers.items() if n not in dbufs and storage[n] == n},
        "outputs": [storage[o] for o in prog.outputs],
        "control_flow": body,
    }
    modules = []
    for k in prog.kernels.values():
        modules.append({"module_name": k.name, "path": library_name(k, (shas or {}).get(k.name)) + ".cubin"})
    config = {
        "modules": modules,
        "kernels": [{"module_name": k.name, "kernel_name": k.symbol} for k in prog.kernels.values()],
    }
    if used:
        config["weight_set"] = weight_set
    config["blueprint"] = blueprint
    if init:
        config["init_flow"] = {
            "buffers": {n: {"Absolute": max(prog.buffers[n], 1)} for n in prog.buffers if n in dbufs},
            "control_flow": init,
        }
    return config
