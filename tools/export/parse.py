"""Parse AOTInductor's output into a gpufn program: plain Python, no torch.

AOTInductor (torch._inductor.aoti_compile_and_package, with Triton-only kernels) writes a C++
wrapper whose AOTInductorModel::run_impl is a straight-line launch list: buffers allocated with
static shapes, each Triton kernel loaded from its cubin (loadKernel) and launched
(launchKernel) with device pointers, 32-bit scalars and, with Triton 3.x, trailing scratch
pointers. The model's weights are its constants (constants_info_, with their original
fully qualified names). parse() reads that, and each kernel's Triton metadata (.json beside
its cubin: num_warps, shared, scratch sizes), into a Program; to_config() makes the gpufn
function config of it (docs/config-models.md).

Anything that is not a Triton launch (an extern kernel such as at::addmm_out or a
aoti_torch_cuda_* fallback, a view of a buffer) is refused with the op's name: gpufn runs
only kernels it can load.

The wrapper's form changed between torch releases; both the at::Tensor form (torch 2.4, 2.5)
and the RAIIAtenTensorHandle form (2.6 and later) are read. tests.py holds a fixture of each.
"""

import json
import os
import re
from dataclasses import dataclass, field

DTYPE_SIZE = {
    "float32": 4, "float": 4, "Float": 4, "float16": 2, "Half": 2, "bfloat16": 2, "BFloat16": 2,
    "int64": 8, "Long": 8, "int32": 4, "Int": 4, "int16": 2, "Short": 2, "int8": 1, "Char": 1,
    "uint8": 1, "Byte": 1, "bool": 1, "Bool": 1, "float64": 8, "Double": 8,
}
SAFETENSORS_DTYPE = {
    "float32": "F32", "float": "F32", "Float": "F32", "float16": "F16", "Half": "F16",
    "bfloat16": "BF16", "BFloat16": "BF16", "int64": "I64", "Long": "I64", "int32": "I32",
    "Int": "I32", "int16": "I16", "Short": "I16", "int8": "I8", "Char": "I8", "uint8": "U8",
    "Byte": "U8", "bool": "BOOL", "Bool": "BOOL", "float64": "F64", "Double": "F64",
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
    buffers: dict = field(default_factory=dict)      # name -> bytes, in allocation order
    kernels: dict = field(default_factory=dict)      # name -> Kernel
    launches: list = field(default_factory=list)
    outputs: list = field(default_factory=list)      # tensor names, in order


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
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _run_impl(src):
    m = re.search(r"AOTInductorModel::run_impl\(.*?\)\s*\{", src, re.S)
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
        dm = re.search(r"cached_torch_dtype_(\w+)", f.get("dtype", ""))
        dtype = dm.group(1) if dm else "?"
        shape = _ints(f.get("shape", "{}").strip("{}"))
        fqn = f.get("original_fqn", '"%s"' % name).strip('"')
        nbytes = int(f.get("data_size", "0").rstrip("L") or 0)
        out[name] = Constant(idx, name, fqn, dtype, shape, nbytes)
    return out


# Lines of run_impl that are bookkeeping, not work.
_IGNORED = re.compile(
    r"^\s*(//|$|auto inputs = |__check_inputs_outputs\(|inputs\.clear|auto& kernels|at::cuda::CUDAStreamGuard|AOTICudaStreamGuard|"
    r"\w+\.reset\(\)|\}|if \(kernels\.|RAIIAtenTensorHandle \w+\(\w+_handle\)|AtenTensorHandle \w+_handle;|"
    r"static constexpr int64_t int_array_|\[\[maybe_unused\]\]|AOTI_TORCH_ERROR_CODE_CHECK\(aoti_torch_empty_strided|"
    r"at::Tensor \w+ = at::detail::empty_strided_cuda|Grid \w+ = Grid|CUdeviceptr |int(32_t|64_t)? \w+ = |"
    r"void\* kernel_args_|launchKernel\(|kernels\.\w+ = loadKernel|output_handles\[|auto \w+ = std::move|"
    r"cudaStream_t |if \(\w+\.is_non_zero\(\)\)|AOTI_RUNTIME_CHECK|const int64_t \w+ = )"
)


# Macros that wrap a call: the op is the call inside.
_WRAPPERS = {"AOTI_TORCH_ERROR_CODE_CHECK", "CUDA_DRIVER_CHECK", "AOTI_RUNTIME_CHECK"}


def parse(wrapper_src, cubin_dir=None):
    """Parses a wrapper.cpp's text; cubin_dir holds the kernels' cubins and Triton .json."""
    body = _run_impl(wrapper_src)
    prog = Program()
    prog.constants = _constants(wrapper_src)
    by_index = {c.index: c for c in prog.constants.values()}
    alias = {}  # C++ variable -> tensor name (inputs, constants, buffers)

    for line in body.splitlines():
        if not _IGNORED.match(line):
            ops = [o for o in re.findall(r"([A-Za-z_][\w:]*)\s*\(", line) if o not in _WRAPPERS]
            raise ExportError(f"not a Triton launch: {ops[0] if ops else line.strip()!r} "
                              f"(export with max_autotune and Triton-only GEMM/conv backends)")

    for var, idx in re.findall(r"auto (\w+) = std::move\(inputs\[(\d+)\]\);", body):
        prog.inputs.append(var)
        alias[var] = var
    for var, idx in re.findall(r"auto&? (\w+) = constants_->at\((\d+)\);", body):
        c = by_index.get(int(idx))
        if c is None:
            raise ExportError(f"constant {idx} is used but not described in constants_info_")
        alias[var] = c.name
    for c in prog.constants.values():
        alias.setdefault(c.name, c.name)

    int_arrays = {n: _ints(v) for n, v in re.findall(r"int64_t (int_array_\d+)\[\] = \{([^}]*)\};", body)}
    for name, sizes, strides, dtype in re.findall(
            r"at::Tensor (\w+) = at::detail::empty_strided_cuda\(\{([^}]*)\}, \{([^}]*)\}, at::k(\w+)", body):
        prog.buffers[name] = _storage_bytes(_ints(sizes), _ints(strides), dtype)
        alias[name] = name
    for sizes, strides, dtype, name in re.findall(
            r"aoti_torch_empty_strided\(\d+, (int_array_\d+), (int_array_\d+), cached_torch_dtype_(\w+), "
            r"[^;]*?&(\w+)_handle\)", body):
        prog.buffers[name] = _storage_bytes(int_arrays[sizes], int_arrays[strides], dtype)
        alias[name] = name

    for name, path, symbol, shared in re.findall(
            r'kernels\.(\w+) = loadKernel\("([^"]+)", "([^"]+)", (\d+)', body):
        prog.kernels[name] = Kernel(name, symbol, path, int(shared), _metadata(path, cubin_dir))

    scalars, ptrs, grids = {}, {}, {}
    for var, target in re.findall(r"CUdeviceptr (\w+) = reinterpret_cast<CUdeviceptr>\((?:get_data_ptr_wrapper\()?(\w+)", body):
        if target not in alias:
            raise ExportError(f"a kernel argument points into {target}, which is not an input, a constant or a buffer")
        ptrs[var] = alias[target]
    for var in re.findall(r"CUdeviceptr (\w+) = 0;", body):
        ptrs[var] = None  # a scratch pointer, passed as 0
    for var, val in re.findall(r"int(?:32_t|64_t)? (\w+) = (-?\d+)L?;", body):
        scalars[var] = int(val)
    for var, x, y, z in re.findall(r"Grid (\w+) = Grid\((\d+)L?, (\d+)L?, (\d+)L?\);", body):
        grids[var] = (int(x), int(y), int(z))
    arrays = {n: [a.strip().lstrip("&") for a in v.split(",") if a.strip()]
              for n, v in re.findall(r"void\* (kernel_args_\w+)\[\] = \{([^}]*)\};", body)}

    for call in re.findall(r"launchKernel\((.*?)\);", body, re.S):
        prog.launches.append(_launch(_split_top(call), prog, scalars, ptrs, grids, arrays))

    for idx, name in re.findall(r"output_handles\[(\d+)\] = [^;]*?\b(\w+?)(?:_handle)?(?:\.release\(\))?\)*;", body):
        prog.outputs.append(alias.get(name, name))
    if not prog.launches:
        raise ExportError("run_impl launches no kernel")
    return prog


def _metadata(path, cubin_dir):
    if cubin_dir is None:
        return {}
    js = os.path.join(cubin_dir, os.path.splitext(os.path.basename(path))[0] + ".json")
    if not os.path.exists(js):
        return {}
    with open(js) as f:
        return json.load(f)


def _dim(expr, grids):
    expr = expr.strip()
    m = re.fullmatch(r"(\w+)\.grid_([xyz])", expr)
    if m:
        return grids[m.group(1)]["xyz".index(m.group(2))]
    return int(expr.rstrip("L"))


def _launch(parts, prog, scalars, ptrs, grids, arrays):
    if len(parts) < 8 or not parts[0].startswith("kernels."):
        raise ExportError(f"a launchKernel call of an unknown form: {parts}")
    kname = parts[0][len("kernels."):]
    if kname not in prog.kernels:
        raise ExportError(f"kernel {kname} is launched but never loaded")
    grid = tuple(_dim(p, grids) for p in parts[1:4])
    num_warps, shared = int(parts[4].rstrip("L")), int(parts[5].rstrip("L"))
    args = []
    for a in arrays.get(parts[6], []):
        if a in ptrs and ptrs[a] is None:
            args.append(Arg("scratch", 0))
        elif a in ptrs:
            args.append(Arg("ptr", ptrs[a]))
        elif a in scalars:
            args.append(Arg("int", scalars[a]))
        else:
            raise ExportError(f"argument {a} of {kname} is neither a pointer nor a constant scalar")
    meta = prog.kernels[kname].meta
    for key in ("global_scratch_size", "profile_scratch_size"):
        if meta.get(key):
            raise ExportError(f"kernel {kname} needs {meta[key]} bytes of {key[:-5]}; not exported yet")
    if meta.get("num_warps") not in (None, num_warps):
        raise ExportError(f"kernel {kname}: launched with {num_warps} warps, its metadata says {meta['num_warps']}")
    return Launch(kname, grid, num_warps, shared, args)


def to_config(prog, weight_set="model"):
    """The gpufn config of a program (Dandelion v2 modules: one library per cubin)."""
    symbols = [k.symbol for k in prog.kernels.values()]
    if len(set(symbols)) != len(symbols):
        raise ExportError("two cubins export the same kernel symbol (an old Triton names every kernel 'triton_'); gpufn names kernels by symbol")
    used_consts = []
    def tensor(name):
        if name in prog.constants:
            fqn = prog.constants[name].fqn
            if fqn not in used_consts:
                used_consts.append(fqn)
            return fqn
        return name
    flow = []
    for l in prog.launches:
        k = prog.kernels[l.kernel]
        args = []
        for a in l.args:
            if a.kind == "ptr":
                args.append({"Ptr": tensor(a.value)})
            else:
                args.append({"Constant": int(a.value)})
        launch = {
            "grid_dim_x": {"Absolute": l.grid[0]}, "grid_dim_y": {"Absolute": l.grid[1]},
            "grid_dim_z": {"Absolute": l.grid[2]}, "block_dim_x": {"Absolute": 32 * l.num_warps},
            "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
            "shared_mem_bytes": {"Absolute": l.shared},
        }
        flow.append({"ExecKernel": [k.symbol, args, launch]})
    blueprint = {
        "inputs": list(prog.inputs),
        "weights": used_consts,
        "buffers": {n: {"Absolute": max(b, 1)} for n, b in prog.buffers.items()},
        "outputs": list(prog.outputs),
        "control_flow": flow,
    }
    config = {
        "modules": [{"module_name": k.name, "path": library_name(k) + ".cubin"} for k in prog.kernels.values()],
        "kernels": [{"module_name": k.name, "kernel_name": k.symbol} for k in prog.kernels.values()],
        "blueprint": blueprint,
    }
    if used_consts:
        config["weight_set"] = weight_set
    return config


def library_name(kernel):
    """The gpufn library a kernel's cubin is uploaded as: its name, cut to gpufn's 128 bytes."""
    return kernel.name[:120]
