"""Tests of the bundle checker (check.py) without a GPU, cuda-python or numpy:
python3 -m unittest tools.export.check_test (tools/export/export_test.go runs them in CI).

The GPU path is exercised against FakeCuda, a stand-in for cuda.bindings.driver whose "kernels"
are Python functions over host memory: it reads each launch's arguments through the
kernelParams pointers at the widths its kernels declare, as the driver does, so the packing,
the allocation and zeroing, the init flow, Repeat and the comparison are all checked end to end.
"""

import contextlib
import ctypes
import io
import json
import os
import struct
import sys
import tempfile
import unittest

from . import check, safetensors

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def f32(*xs):
    return struct.pack(f"<{len(xs)}f", *xs)


def unf32(b):
    return list(struct.unpack(f"<{len(b) // 4}f", b))


def launch(blocks=1, threads=32, shared=0):
    return {"grid_dim_x": {"Absolute": blocks}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
            "block_dim_x": {"Absolute": threads}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
            "shared_mem_bytes": {"Absolute": shared}}


def exec_(kernel, args, shape=None):
    return {"ExecKernel": [kernel, args, shape or launch()]}


def config():
    """A Dandelion v2 config in the exporter's form: weights, an init flow writing a derived
    buffer, a Triton-like kernel (pointers, an i32, two scratch pointers passed as 0) needing
    64 KiB of dynamic shared memory, a Sizeof buffer and argument, and a Repeat."""
    return {
        "modules": [{"module_name": "m_affine", "path": "affine.cubin"},
                    {"module_name": "m_misc", "path": "libraries/misc.cubin"}],
        "kernels": [{"module_name": "m_affine", "kernel_name": "affine"},
                    {"module_name": "m_misc", "kernel_name": "scale2"},
                    {"module_name": "m_misc", "kernel_name": "accumulate"}],
        "weight_set": "toy",
        "init_flow": {"buffers": {"w2": {"Absolute": 16}},
                      "control_flow": [exec_("scale2", [{"Ptr": "w"}, {"Ptr": "w2"}, {"Constant": 4}])]},
        "blueprint": {
            "inputs": ["x"],
            "weights": ["w", "b"],
            "buffers": {"h": {"Sizeof": "x"}, "y": {"Absolute": 16}},
            "outputs": ["y"],
            "control_flow": [
                exec_("affine", [{"Ptr": "x"}, {"Ptr": "w2"}, {"Ptr": "b"}, {"Ptr": "h"}, {"Constant": 4},
                                 {"Constant": 0}, {"Constant": 0}], launch(shared=65536)),
                {"Repeat": [{"Absolute": 2}, [exec_("accumulate", [{"Ptr": "y"}, {"Ptr": "h"}, {"Sizeof": "h"}])]]},
            ],
        },
    }


X, W, B = [1.0, -2.0, 3.0, 0.5], [0.5, 1.0, -1.0, 2.0], [0.25, 0.0, 1.0, -1.0]
WANT = [2 * (x * 2 * w + b) for x, w, b in zip(X, W, B)]


def write_bundle(d, want=WANT, weights=True, cfg=None, inline_config=False):
    os.makedirs(os.path.join(d, "libraries"), exist_ok=True)
    os.makedirs(os.path.join(d, "reference"), exist_ok=True)
    cfg = cfg or config()
    libs = {"affine": "libraries/affine.cubin", "misc": "libraries/misc.cubin"}
    for name, rel in libs.items():
        with open(os.path.join(d, rel), "wb") as f:
            f.write(b"FAKE " + (b"affine" if name == "affine" else b"scale2 accumulate"))
    manifest = {"version": 1, "function": "toy", "libraries": libs,
                "reference": {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"},
                "weights": {"name": "toy", "file": "weights.safetensors"}}
    if inline_config:
        manifest["config"] = cfg
    else:
        manifest["config"] = "function.json"
        with open(os.path.join(d, "function.json"), "w") as f:
            json.dump(cfg, f)
    if weights:
        with open(os.path.join(d, "weights.safetensors"), "wb") as f:
            f.write(safetensors.encode([("w", "F32", (4,), f32(*W)), ("b", "F32", (4,), f32(*B))]))
    with open(os.path.join(d, "reference", "inputs.safetensors"), "wb") as f:
        f.write(safetensors.encode([("x", "F32", (4,), f32(*X))]))
    with open(os.path.join(d, "reference", "outputs.safetensors"), "wb") as f:
        f.write(safetensors.encode([("y", "F32", (4,), f32(*want))]))
    with open(os.path.join(d, check.MANIFEST), "w") as f:
        json.dump(manifest, f)


class FakeCuda:
    """cuda.bindings.driver's calls that check.py makes, over host memory. Every call returns a
    tuple (err, ...) as cuda-python's do; err 0 is success."""

    class CUfunction_attribute:
        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8

    class CUstreamCaptureMode:
        CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1

    def __init__(self, param_info=True):
        # symbol -> (parameter widths, body)
        self.kernels = {"affine": ((8, 8, 8, 8, 4, 8, 8), self._affine),
                        "scale2": ((8, 8, 4), self._scale2),
                        "accumulate": ((8, 8, 8), self._accumulate)}
        self.mem, self.freed, self.launches, self.attrs = {}, [], [], {}
        self.next = 0x7F00_0000_0000
        self.events = 0
        self.capturing = None  # the launches of a stream capture under way
        self.synced = False  # cuCtxSynchronize called since the last memset
        if param_info:
            self.cuFuncGetParamInfo = self._param_info

    # --- memory
    def _at(self, addr):
        for base, buf in self.mem.items():
            if base <= addr < base + len(buf):
                return buf, addr - base
        raise AssertionError(f"fake: address {addr:#x} is not allocated")

    def read(self, addr, n):
        buf, off = self._at(addr)
        assert off + n <= len(buf), "fake: read past an allocation"
        return bytes(buf[off:off + n])

    def write(self, addr, data):
        buf, off = self._at(addr)
        assert off + len(data) <= len(buf), "fake: write past an allocation"
        buf[off:off + len(data)] = data

    # --- kernels: y = x * w + b; out = 2 w; y += h (n bytes)
    def _affine(self, a):
        x, w, b, y, n, s0, s1 = a
        assert (s0, s1) == (0, 0), "the scratch pointers are 0"
        xs, ws, bs = unf32(self.read(x, 4 * n)), unf32(self.read(w, 4 * n)), unf32(self.read(b, 4 * n))
        self.write(y, f32(*[p * q + r for p, q, r in zip(xs, ws, bs)]))

    def _scale2(self, a):
        w, out, n = a
        self.write(out, f32(*[2 * v for v in unf32(self.read(w, 4 * n))]))

    def _accumulate(self, a):
        y, h, nbytes = a
        self.write(y, f32(*[p + q for p, q in zip(unf32(self.read(y, nbytes)), unf32(self.read(h, nbytes)))]))

    # --- the driver
    def cuGetErrorName(self, err):
        return 0, b"CUDA_ERROR_FAKE_%d" % err

    def cuInit(self, flags):
        return (0,)

    def cuDeviceGet(self, i):
        return (0, i) if i == 0 else (101,)

    def cuDeviceGetName(self, n, dev):
        return 0, b"Fake GPU\0\0\0"

    def cuDevicePrimaryCtxRetain(self, dev):
        return 0, "ctx"

    def cuCtxSetCurrent(self, ctx):
        return (0,)

    def cuStreamCreate(self, flags):
        return 0, "stream"

    def cuModuleLoadData(self, image):
        assert image.startswith(b"FAKE ")
        return 0, ("module", tuple(image[5:].decode().split()))

    def cuModuleGetFunction(self, module, name):
        assert isinstance(name, bytes)
        return (0, name.decode()) if name.decode() in module[1] else (500,)

    def _param_info(self, f, i):
        widths = self.kernels[f][0]
        if i >= len(widths):
            return 1, 0, 0
        off = 0
        for w in widths[:i]:
            off += w
            off += -off % widths[i]
        off += -off % widths[i]
        return 0, off, widths[i]

    def cuFuncSetAttribute(self, f, attr, value):
        self.attrs[(f, attr)] = value
        return (0,)

    def cuMemAlloc(self, n):
        base = self.next
        self.next += (n + 0xFFFF) & ~0xFFFF
        self.mem[base] = bytearray(b"\x47" * n)  # 51015.3 as f32, not zero: the checker must zero buffers
        return 0, base

    def cuMemsetD8(self, d, value, n):
        self.write(d, bytes([value]) * n)
        self.synced = False
        return (0,)

    def cuMemcpyHtoD(self, d, src, n):
        self.write(d, bytes(src[:n]))
        return (0,)

    def cuMemcpyDtoH(self, dst, d, n):
        dst[:n] = self.read(d, n)
        return (0,)

    def cuLaunchKernel(self, f, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        widths, body = self.kernels[f]
        assert stream == "stream" and extra == 0
        if shared > 48 << 10:
            assert self.attrs.get((f, 8), 0) >= shared, "dynamic shared memory above 48 KiB needs the attribute"
        assert self.synced, "the memsets on the legacy stream are waited for before launches on a non-blocking stream"
        ptrs = (ctypes.c_void_p * len(widths)).from_address(params)
        args = [int.from_bytes(ctypes.string_at(ptrs[i], w), "little") for i, w in enumerate(widths)]
        dims = (gx, gy, gz, bx, by, bz, shared)
        if self.capturing is not None:
            self.capturing.append((f, dims, args))  # a graph keeps the arguments' values, as CUDA's does
        else:
            self._exec(f, dims, args)
        return (0,)

    def _exec(self, f, dims, args):
        self.launches.append((f, dims, args))
        self.kernels[f][1](args)

    def cuCtxSynchronize(self):
        self.synced = True
        return (0,)

    def cuStreamBeginCapture(self, s, mode):
        assert s == "stream" and self.capturing is None
        self.capturing = []
        return (0,)

    def cuStreamEndCapture(self, s):
        graph, self.capturing = ("graph", self.capturing), None
        return 0, graph

    def cuGraphInstantiateWithFlags(self, g, flags):
        return 0, ("exec", g[1])

    def cuGraphLaunch(self, exe, s):
        for f, dims, args in exe[1]:
            self._exec(f, dims, args)
        return (0,)

    def cuGraphExecDestroy(self, g):
        return (0,)

    def cuGraphDestroy(self, g):
        return (0,)

    def cuStreamSynchronize(self, s):
        return (0,)

    def cuEventCreate(self, flags):
        self.events += 1
        return 0, self.events

    def cuEventRecord(self, e, s):
        return (0,)

    def cuEventElapsedTime(self, a, b):
        return 0, 0.25

    def cuEventDestroy(self, e):
        return (0,)

    def cuMemFree(self, d):
        self.freed.append(d)
        return (0,)

    def cuModuleUnload(self, m):
        return (0,)

    def cuStreamDestroy(self, s):
        return (0,)

    def cuDevicePrimaryCtxRelease(self, dev):
        return (0,)


def run_main(argv, driver):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = check.main(argv, driver)
    return code, out.getvalue(), err.getvalue()


class Plan(unittest.TestCase):
    def plan(self, cfg, x=f32(*X)):
        return check.make_plan(cfg, {"x": x}, {"w": 16, "b": 16}, {"affine": 1, "misc": 1})

    def test_plan(self):
        p = self.plan(config())
        self.assertEqual(p.kernels, {"affine": "affine", "scale2": "misc", "accumulate": "misc"})
        self.assertEqual((p.inputs, p.weights, p.outputs), (["x"], ["w", "b"], ["y"]))
        self.assertEqual((p.init_buffers, p.buffers), ({"w2": 16}, {"h": 16, "y": 16}))
        self.assertEqual([l.kernel for l in p.init_launches], ["scale2"])
        self.assertEqual([l.kernel for l in p.launches], ["affine", "accumulate", "accumulate"])
        a = p.launches[0]
        self.assertEqual(a.args[3:], [("ptr", "h"), ("const", 4), ("const", 0), ("const", 0)])
        self.assertEqual(a.dims, (1, 1, 1, 32, 1, 1, 65536))
        self.assertEqual(p.launches[2].path, "blueprint.control_flow[1].Repeat.actions[0].ExecKernel")

    def test_from_input_and_sizeof_chain(self):
        cfg = config()
        bp = cfg["blueprint"]
        bp["buffers"] = {"y": {"Sizeof": "h"}, "h": {"Sizeof": "x"}}
        bp["control_flow"][1]["Repeat"][0] = {"FromInput": {"bufname": "x", "idx": 1}}
        x = struct.pack("<QQ", 7, 3)
        p = self.plan(cfg, x)
        self.assertEqual(p.buffers, {"h": 16, "y": 16})
        self.assertEqual(len(p.launches), 1 + 3)
        bp["control_flow"][1]["Repeat"][0] = {"FromInput": {"bufname": "x", "idx": 2}}
        with self.assertRaisesRegex(check.CheckError, r"Repeat.count.FromInput: input 'x' has 16 bytes, not 24"):
            self.plan(cfg, x)

    def test_v1_form(self):
        cfg = config()
        del cfg["modules"], cfg["init_flow"]
        cfg["module_path"] = "misc"
        cfg["kernels"] = ["accumulate"]
        cfg["blueprint"]["control_flow"] = cfg["blueprint"]["control_flow"][1:]
        self.assertEqual(self.plan(cfg).kernels, {"accumulate": "misc"})

    def test_refusals(self):
        cases = [
            (lambda c: c["blueprint"]["control_flow"].append({"Batch": []}),
             r"blueprint.control_flow\[2\]: action kind 'Batch' is not one this checker runs"),
            (lambda c: c["blueprint"]["buffers"].update(h={"Dynamic": 3}),
             r"blueprint.buffers.h: sizing kind 'Dynamic'"),
            (lambda c: c["blueprint"]["buffers"].update(h={"Sizeof": "y"}, y={"Sizeof": "h"}), r"cycle"),
            (lambda c: c["blueprint"]["control_flow"][0]["ExecKernel"].__setitem__(0, "nope"),
             r"ExecKernel.kernel: 'nope' is not among"),
            (lambda c: c["blueprint"]["control_flow"][0]["ExecKernel"][1].append({"Ptr": "zz"}),
             r"args\[7\].Ptr: 'zz' is not"),
            (lambda c: c["blueprint"]["control_flow"][0]["ExecKernel"][1].append({"Constant": 1 << 63}),
             r"args\[7\].Constant"),
            (lambda c: c["init_flow"]["control_flow"][0]["ExecKernel"][1].__setitem__(0, {"Ptr": "x"}),
             r"init_flow.control_flow\[0\].ExecKernel.args\[0\].Ptr"),
            (lambda c: c["blueprint"]["control_flow"][0]["ExecKernel"][2].update(grid_dim_x={"Absolute": 0}),
             r"grid_dim_x: 0 is not a launch dimension"),
            (lambda c: c["modules"].__setitem__(0, {"module_name": "m_affine", "path": "x/other.cubin"}),
             r"kernels\[0\]: library 'other.cubin' is not among"),
            (lambda c: c["blueprint"]["outputs"].append("w"), r"outputs\[1\]: 'w' is not an input or a buffer"),
            # a tensor of the weight file that blueprint.weights does not name is not the function's
            (lambda c: c["blueprint"]["weights"].remove("b"), r"args\[2\].Ptr: 'b' is not an input, weight or buffer"),
            (lambda c: c["blueprint"]["weights"].append("zz"), r"blueprint.weights: the weight set lacks 'zz'"),
            (lambda c: c["blueprint"]["control_flow"].append({"Repeat": [{"Absolute": 1 << 21}, c["blueprint"]["control_flow"][1:]]}),
             r"more than 1000000 launches"),
        ]
        for change, msg in cases:
            cfg = config()
            change(cfg)
            with self.assertRaisesRegex(check.CheckError, msg):
                self.plan(cfg)


class Params(unittest.TestCase):
    def test_pack_by_width(self):
        vals = [("ptr", 0x7F00_0000_1000), ("sizeof", 64), ("const", -1), ("const", 0), ("const", 0xFFFF_FFFF)]
        b = check.pack_args(vals, [8, 8, 4, 8, 4])
        self.assertEqual(len(b), 40)
        self.assertEqual(b[0:8], (0x7F00_0000_1000).to_bytes(8, "little"))
        self.assertEqual(b[8:16], (64).to_bytes(8, "little"))
        self.assertEqual(b[16:24], b"\xff\xff\xff\xff\0\0\0\0")  # i32 -1: 4 bytes, the rest zero
        self.assertEqual(b[32:40], b"\xff\xff\xff\xff\0\0\0\0")
        # widths unknown: every value at 8 bytes, so a 4-byte parameter reads its low half
        self.assertEqual(check.pack_args([("const", -1)])[0:8], b"\xff" * 8)

    def test_refusals(self):
        for vals, widths, msg in [
            ([("const", 1 << 32)], [4], "does not fit the kernel's 4-byte parameter"),
            ([("const", -(1 << 31) - 1)], [4], "does not fit"),
            ([("ptr", 4096)], [4], "is a pointer, the kernel's parameter 0 is 4 bytes"),
            ([("const", 1)], [16], "at most 8"),
            ([("const", 1)], [8, 8], "takes 2 parameters, the launch passes 1"),
        ]:
            with self.assertRaisesRegex(check.CheckError, msg):
                check.pack_args(vals, widths)
        self.assertEqual(check.pack_args([("const", -(1 << 31))], [4])[:4], b"\0\0\0\x80")

    def test_param_block(self):
        blk = check.ParamBlock(check.pack_args([("ptr", 0xDEAD_BEEF_0000), ("const", 7)], [8, 4]))
        ptrs = (ctypes.c_void_p * 2).from_address(blk.address)
        self.assertEqual(ctypes.string_at(ptrs[0], 8), (0xDEAD_BEEF_0000).to_bytes(8, "little"))
        self.assertEqual(ctypes.string_at(ptrs[1], 4), b"\x07\0\0\0")
        self.assertEqual(check.ParamBlock(b"").address, 0)

    def test_cubin_layout_real(self):
        with open(os.path.join(ROOT, "libscan", "testdata", "testkernels.cubin"), "rb") as f:
            cubin = f.read()
        self.assertEqual(check.cubin_param_layout(cubin, "args8"), [(8 * i, 8) for i in range(6)])
        self.assertEqual(check.cubin_param_layout(cubin, "fault"), [])
        self.assertIsNone(check.cubin_param_layout(cubin, "no_such_kernel"))
        self.assertIsNone(check.cubin_param_layout(b"FAKE affine", "affine"))

    def test_cubin_layout_i32(self):
        # A Triton-like kernel (two pointers, an i32, two scratch pointers), records out of order.
        params = [(0, 0, 8), (1, 8, 8), (2, 16, 4), (3, 24, 8), (4, 32, 8)]
        info = b"\x01\x2a\0\0"  # an EIFMT_NVAL record, skipped
        for ordinal, off, size in reversed(params):
            info += bytes([0x04, 0x17]) + struct.pack("<H", 12) + struct.pack("<IHHI", 0, ordinal, off, (size << 18) | 0x1F000)
        cubin = elf64({".nv.info.k": info, ".text.k": b"\0" * 16})
        self.assertEqual(check.cubin_param_layout(cubin, "k"), [(o, s) for _, o, s in params])
        gap = elf64({".nv.info.k": info[4:4 + 16] + info[4 + 32:]})  # ordinals 4, 2, ...: not 0..n-1
        self.assertIsNone(check.cubin_param_layout(gap, "k"))


def elf64(sections):
    """A minimal little-endian ELF64 file with the given sections (and the section-name table)."""
    names = [""] + list(sections) + [".shstrtab"]
    strtab = b"".join(n.encode() + b"\0" for n in names)
    datas = [b""] + list(sections.values()) + [strtab]
    body, offs = b"", []
    for d in datas:
        offs.append(64 + len(body))
        body += d
    shoff = 64 + len(body)
    head = b"\x7fELF\x02\x01\x01" + b"\0" * 9 + struct.pack("<HHIQQQIHHHHHH", 2, 190, 1, 0, 0, shoff, 0, 64, 0, 0, 64,
                                                           len(names), len(names) - 1)
    sh = b""
    name_off = 0
    for n, d, off in zip(names, datas, offs):
        sh += struct.pack("<IIQQQQIIQQ", name_off, 3 if n == ".shstrtab" else (0 if not n else 1), 0, 0, off, len(d), 0, 0, 1, 0)
        name_off += len(n) + 1
    return head + body + sh


def bf16(*xs):
    # round-to-nearest is not needed: the values here are exact in bf16
    return b"".join(struct.pack("<f", x)[2:] for x in xs)


class Compare(unittest.TestCase):
    def numpies(self):
        np = check._numpy()
        return [None] + ([np] if np is not None else [])

    def test_bf16_decoding(self):
        raw = struct.pack("<4H", 0x3F80, 0xC000, 0x3F00, 0x7F80)  # 1, -2, 0.5, +inf
        for np in self.numpies():
            self.assertEqual([float(v) for v in check.decode("BF16", raw, np)], [1.0, -2.0, 0.5, float("inf")])
            self.assertEqual([float(v) for v in check.decode("F16", struct.pack("<2e", 1.5, -0.25), np)], [1.5, -0.25])

    def test_bounds(self):
        ref = [4.0, -2.0, 1.0, 0.0]
        for np in self.numpies():
            r = check.compare("BF16", bf16(4.0, -2.0, 1.0, 0.0), bf16(*ref), np=np)
            self.assertTrue(r["ok"])
            self.assertEqual((r["max_abs_diff"], r["max_abs_ref"], r["off"]), (0.0, 4.0, 0))
            # 0.125 off of max |ref| 4: 3.1e-2 > 3e-2, one element of four off
            r = check.compare("BF16", bf16(4.0, -2.0, 1.125, 0.0), bf16(*ref), np=np)
            self.assertFalse(r["ok"])
            self.assertEqual((r["max_abs_diff"], r["off"], r["frac_off"], r["bound"]), (0.125, 1, 0.25, 3e-2))
            # 0.0625 off: 1.6e-2 is within bf16's bound ...
            self.assertTrue(check.compare("BF16", bf16(4.0, -2.0, 1.0625, 0.0), bf16(*ref), np=np)["ok"])
            # ... and not within fp32's
            r = check.compare("F32", f32(4.0, -2.0, 1.0625, 0.0), f32(*ref), np=np)
            self.assertFalse(r["ok"])
            self.assertAlmostEqual(r["rel"], 0.015625)
            self.assertTrue(check.compare("F32", f32(4.0, -2.0, 1.004, 0.0), f32(*ref), np=np)["ok"])
            self.assertFalse(check.compare("F16", struct.pack("<2e", 1.0, 1.03125), struct.pack("<2e", 1.0, 1.0), np=np)["ok"])

    def test_nonfinite_and_ints(self):
        nan, inf = float("nan"), float("inf")
        for np in self.numpies():
            r = check.compare("F32", f32(nan, 1.0, inf), f32(1.0, 1.0, inf), np=np)
            self.assertEqual((r["ok"], r["off"], r["max_abs_diff"], r["max_abs_ref"]), (False, 1, inf, 1.0))
            self.assertTrue(check.compare("F32", f32(nan, 2.0), f32(nan, 2.0), np=np)["ok"])
            r = check.compare("I64", struct.pack("<2q", 5, -3), struct.pack("<2q", 5, -4), np=np)
            self.assertEqual((r["ok"], r["off"], r["bound"]), (False, 1, 0.0))
            self.assertTrue(check.compare("I32", struct.pack("<2i", 5, -3) + b"\0" * 8, struct.pack("<2i", 5, -3), np=np)["ok"])
            self.assertTrue(check.compare("F32", f32(0.0, 0.0), f32(0.0, 0.0), np=np)["ok"])
        with self.assertRaisesRegex(check.CheckError, "has 4 bytes, the reference 8"):
            check.compare("F32", f32(1.0), f32(1.0, 2.0))


class Bundles(unittest.TestCase):
    def test_load(self):
        for inline in (False, True):
            with tempfile.TemporaryDirectory() as d:
                write_bundle(d, inline_config=inline)
                b = check.load_bundle(d)
                self.assertEqual(b.config["weight_set"], "toy")
                self.assertEqual(sorted(b.libraries), ["affine", "misc"])
                self.assertEqual(b.weights["w"], ("F32", (4,), f32(*W)))
                self.assertEqual(b.ref_outputs["y"][0], "F32")

    def test_weights_absent(self):
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d, weights=False)
            with self.assertRaisesRegex(check.CheckError, r"weights.safetensors is absent"):
                check.load_bundle(d)
            code, out, err = run_main([d], FakeCuda())
            self.assertEqual(code, 2)
            self.assertIn("is absent", err)

    def test_no_reference(self):
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d)
            with open(os.path.join(d, check.MANIFEST)) as f:
                m = json.load(f)
            del m["reference"]
            with open(os.path.join(d, check.MANIFEST), "w") as f:
                json.dump(m, f)
            with self.assertRaisesRegex(check.CheckError, "no reference pair"):
                check.load_bundle(d)


class Execute(unittest.TestCase):
    def test_check_ok(self):
        for param_info in (True, False):
            cu = FakeCuda(param_info)
            with tempfile.TemporaryDirectory() as d:
                write_bundle(d)
                r = check.check(d, repeat=3, warmup=1, driver=cu)
            self.assertTrue(r["ok"], r)
            (o,) = r["outputs"]
            self.assertEqual((o["name"], o["dtype"], o["shape"], o["elements"], o["off"]), ("y", "F32", [4], 4, 0))
            self.assertEqual(o["max_abs_diff"], 0.0)
            # fake kernels' cubins are no ELF: without cuFuncGetParamInfo every slot is 8 bytes,
            # and the i32 parameters still read their values
            self.assertEqual(r["param_widths"], {"driver": 3} if param_info else {"8-byte slots": 3})
            self.assertEqual((r["launches"], r["init_launches"], r["kernels"], r["device"]), (3, 1, 3, "Fake GPU"))
            self.assertEqual((r["timing"]["median_ms"], r["graph_timing"]["median_ms"]), (0.25, 0.25))
            names = [l[0] for l in cu.launches]
            self.assertEqual(names[0], "scale2")  # the init flow once, first
            # checked once, then 1 warm-up and 3 timed runs launched from Python and as a graph
            self.assertEqual(names[1:], ["affine", "accumulate", "accumulate"] * (1 + 4 + 4))
            self.assertEqual(cu.launches[1][1:], ((1, 1, 1, 32, 1, 1, 65536), cu.launches[1][2]))
            self.assertEqual(cu.launches[1][2][4:], [4, 0, 0])
            self.assertEqual(cu.launches[-1][2][2], 16)  # accumulate's Sizeof h
            self.assertEqual(cu.attrs, {("affine", 8): 65536})
            self.assertEqual(len(cu.freed), len(cu.mem))  # every allocation freed

    def test_driver_without_param_info(self):
        # a driver before CUDA 12.4 answers cuFuncGetParamInfo with an error other than
        # CUDA_ERROR_INVALID_VALUE: the widths come from elsewhere (here: 8-byte slots)
        cu = FakeCuda()
        cu.cuFuncGetParamInfo = lambda f, i: (801, 0, 0)  # CUDA_ERROR_NOT_SUPPORTED
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d)
            r = check.check(d, repeat=0, driver=cu)
        self.assertTrue(r["ok"], r)
        self.assertEqual(r["param_widths"], {"8-byte slots": 3})

    def test_mismatch_and_cli(self):
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d, want=[v + (0.5 if i == 2 else 0) for i, v in enumerate(WANT)])
            code, out, err = run_main([d, "--repeat", "2"], FakeCuda())
            self.assertEqual(code, 1, err)
            self.assertIn("1 of 4 elements off (25.000%): MISMATCH", out)
            self.assertIn("launched from Python: median 0.2500 ms, min 0.2500, mean 0.2500, max 0.2500 over 2 runs after 3 warm-ups", out)
            self.assertIn("as one CUDA graph: median 0.2500 ms", out)
            code, out, err = run_main([d, "--json", "--repeat", "0"], FakeCuda())
            self.assertEqual(code, 1, err)
            r = json.loads(out)
            self.assertEqual((r["ok"], r["timing"], r["outputs"][0]["max_abs_diff"]), (False, None, 0.5))

    def test_graph_capture_refused(self):
        cu = FakeCuda()
        cu.cuStreamBeginCapture = lambda s, mode: (900,)  # CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d)
            r = check.check(d, repeat=2, warmup=0, driver=cu)
            self.assertTrue(r["ok"])
            self.assertEqual(r["graph_timing"], {"error": "<lambda>: CUDA_ERROR_FAKE_900"})
            self.assertIsNone(check.check(d, repeat=2, driver=FakeCuda(), graph=False)["graph_timing"])

    def test_no_cuda_python(self):
        saved = {k: v for k, v in sys.modules.items() if k == "cuda" or k.startswith("cuda.")}
        sys.modules["cuda"] = None  # makes every import of cuda.* fail
        try:
            with tempfile.TemporaryDirectory() as d:
                write_bundle(d)
                code, _, err = run_main([d], None)
        finally:
            del sys.modules["cuda"]
            sys.modules.update(saved)
        self.assertEqual(code, 2)
        self.assertIn("cuda-python is not installed", err)

    def test_driver_error(self):
        with tempfile.TemporaryDirectory() as d:
            write_bundle(d)
            code, _, err = run_main([d, "--device", "1"], FakeCuda())
            self.assertEqual(code, 2)
            self.assertIn("cuDeviceGet: CUDA_ERROR_FAKE_101", err)


def gpu_driver():
    """cuda-python's driver where it and a CUDA device are here, else None (then GPU tests skip)."""
    try:
        cu = check.driver_module()
        if check._code(cu.cuInit(0)[0]) != 0:
            return None
        err, n = cu.cuDeviceGetCount()
        return cu if check._code(err) == 0 and n > 0 else None
    except Exception:
        return None


class GPU(unittest.TestCase):
    """The executor on a real GPU with the repository's sm_90 cubin of examples/testkernels
    (libscan/testdata/testkernels.cubin): skipped without cuda-python and a CUDA device (as in
    CI); on an H100 or H200, python3 -m unittest tools.export.check_test runs it."""

    def bundle(self, d, wrong=False):
        n = 1000
        a = [i * 3 - 700 for i in range(n)]
        b = [(i * 7919) % 1013 - 500 for i in range(n)]
        i64 = lambda xs: struct.pack(f"<{len(xs)}q", *xs)
        shape = launch(4, 256)
        cfg = {
            "modules": [{"module_name": "tk", "path": "cuda/testkernels.cubin"}],
            "kernels": [{"module_name": "tk", "kernel_name": k} for k in ("add_i64", "args8")],
            "weight_set": "smoke",
            "init_flow": {"buffers": {"b2": {"Absolute": 8 * n}},
                          "control_flow": [exec_("add_i64", [{"Ptr": "b"}, {"Ptr": "b"}, {"Ptr": "b2"}, {"Constant": n}], shape)]},
            "blueprint": {
                "inputs": ["a"], "weights": ["b"],
                "buffers": {"s": {"Sizeof": "a"}, "args": {"Absolute": 40}},
                "outputs": ["s", "args"],
                "control_flow": [
                    exec_("add_i64", [{"Ptr": "a"}, {"Ptr": "b2"}, {"Ptr": "s"}, {"Constant": n}], launch(4, 256, 65536)),
                    {"Repeat": [{"Absolute": 2}, [exec_("args8", [{"Ptr": "args"}, {"Constant": -5}, {"Sizeof": "a"},
                                                                   {"Constant": 7}, {"Constant": 1 << 40}, {"Constant": 0}],
                                                        launch(1, 1))]]},
                ],
            },
        }
        os.makedirs(os.path.join(d, "libraries"))
        with open(os.path.join(ROOT, "libscan", "testdata", "testkernels.cubin"), "rb") as src, \
                open(os.path.join(d, "libraries", "testkernels.cubin"), "wb") as dst:
            dst.write(src.read())
        s_want = [x + 2 * y for x, y in zip(a, b)]
        if wrong:
            s_want[17] += 1
        files = {"weights.safetensors": [("b", "I64", (n,), i64(b))],
                 "inputs.safetensors": [("a", "I64", (n,), i64(a))],
                 "outputs.safetensors": [("s", "I64", (n,), i64(s_want)), ("args", "I64", (5,), i64([-5, 8 * n, 7, 1 << 40, 0]))]}
        for name, tensors in files.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(safetensors.encode(tensors))
        with open(os.path.join(d, check.MANIFEST), "w") as f:
            json.dump({"version": 1, "function": "smoke", "config": cfg,
                       "libraries": {"testkernels": "libraries/testkernels.cubin"},
                       "weights": {"name": "smoke", "file": "weights.safetensors"},
                       "reference": {"inputs": "inputs.safetensors", "outputs": "outputs.safetensors"}}, f)

    def test_smoke_bundle_plans(self):
        # the smoke bundle itself, checked without a GPU: it plans, and its arguments pack at the
        # widths the cubin declares
        with tempfile.TemporaryDirectory() as d:
            self.bundle(d)
            b = check.load_bundle(d)
            p = check.make_plan(b.config, {n: t[2] for n, t in b.ref_inputs.items()},
                                {n: len(t[2]) for n, t in b.weights.items()}, b.libraries)
            self.assertEqual(([l.kernel for l in p.init_launches], [l.kernel for l in p.launches]),
                             (["add_i64"], ["add_i64", "args8", "args8"]))
            for l in p.init_launches + p.launches:
                widths = [w for _, w in check.cubin_param_layout(b.libraries["testkernels"], l.kernel)]
                vals = [(k, 1 << 40 if k == "ptr" else 8 if k == "sizeof" else v) for k, v in l.args]
                self.assertEqual(len(check.pack_args(vals, widths, l.path)), 8 * len(widths))

    def test_smoke(self):
        cu = gpu_driver()
        if cu is None:
            self.skipTest("no cuda-python or no CUDA device here")
        with tempfile.TemporaryDirectory() as d:
            self.bundle(d)
            r = check.check(d, repeat=5, warmup=1, driver=cu)
            self.assertTrue(r["ok"], json.dumps(r, indent=1))
            self.assertEqual([o["off"] for o in r["outputs"]], [0, 0])
            self.assertNotIn("8-byte slots", r["param_widths"])  # the driver or the cubin said the widths
            self.assertGreater(r["timing"]["median_ms"], 0)
            self.assertNotIn("error", r["graph_timing"])
        with tempfile.TemporaryDirectory() as d:
            self.bundle(d, wrong=True)
            r = check.check(d, repeat=0, driver=cu)
            self.assertFalse(r["ok"])
            self.assertEqual((r["outputs"][0]["off"], r["outputs"][0]["max_abs_diff"], r["outputs"][1]["ok"]), (1, 1.0, True))


if __name__ == "__main__":
    unittest.main()
