"""Tests of the exporter's parsing and bundling, without torch: python3 -m unittest tools.export.tests
(tools/export/export_test.go runs them in CI)."""

import json
import os
import struct
import tempfile
import unittest

from . import bundle, parse, safetensors

HERE = os.path.dirname(os.path.abspath(__file__))
NEW = os.path.join(HERE, "testdata", "mlp_aoti_new")
OLD = os.path.join(HERE, "testdata", "mlp_aoti_old")


def read(path):
    with open(path) as f:
        return f.read()


class ParseNew(unittest.TestCase):
    def setUp(self):
        self.prog = parse.parse(read(os.path.join(NEW, "wrapper.cpp")), NEW)

    def test_program(self):
        p = self.prog
        self.assertEqual(p.inputs, ["arg4_1"])
        self.assertEqual(p.buffers, {"buf0": 64, "buf1": 16})
        self.assertEqual(p.outputs, ["buf1"])
        self.assertEqual([c.fqn for c in p.constants.values()], ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"])
        self.assertEqual(p.constants["fc1_weight"].shape, (16, 8))
        l0, l1 = p.launches
        self.assertEqual((l0.kernel, l0.grid, l0.num_warps, l0.shared), ("triton_tem_fused_addmm_relu_0", (1, 1, 1), 4, 0))
        self.assertEqual([(a.kind, a.value) for a in l1.args],
                         [("ptr", "buf0"), ("ptr", "fc2_weight"), ("ptr", "fc2_bias"), ("ptr", "buf1"),
                          ("int", 4), ("scratch", 0), ("scratch", 0)])
        self.assertEqual((l1.num_warps, l1.shared), (2, 1024))
        self.assertEqual(p.kernels["triton_tem_fused_addmm_1"].meta["num_warps"], 2)

    def test_config(self):
        c = parse.to_config(self.prog, "mlp")
        self.assertEqual(c["weight_set"], "mlp")
        self.assertEqual(c["blueprint"]["weights"], ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"])
        self.assertEqual(len(c["modules"]), 2)
        k, args, launch = c["blueprint"]["control_flow"][1]["ExecKernel"]
        self.assertEqual(k, "triton_tem_fused_addmm_1")
        self.assertEqual(args, [{"Ptr": "buf0"}, {"Ptr": "fc2.weight"}, {"Ptr": "fc2.bias"}, {"Ptr": "buf1"},
                                {"Constant": 4}, {"Constant": 0}, {"Constant": 0}])
        self.assertEqual(launch["block_dim_x"], {"Absolute": 64})
        self.assertEqual(launch["shared_mem_bytes"], {"Absolute": 1024})

    def test_scratch_refused(self):
        meta = self.prog.kernels["triton_tem_fused_addmm_1"].meta
        with tempfile.TemporaryDirectory() as d:
            for f in os.listdir(NEW):
                with open(os.path.join(NEW, f), "rb") as src, open(os.path.join(d, f), "wb") as dst:
                    dst.write(src.read())
            with open(os.path.join(d, "cbb2.json"), "w") as f:
                json.dump(dict(meta, global_scratch_size=512), f)
            with self.assertRaisesRegex(parse.ExportError, "global_scratch"):
                parse.parse(read(os.path.join(d, "wrapper.cpp")), d)


class ParseOld(unittest.TestCase):
    def test_program(self):
        p = parse.parse(read(os.path.join(OLD, "wrapper.cpp")))
        self.assertEqual(p.inputs, ["arg2_1"])
        self.assertEqual(p.buffers, {"buf0": 64})  # 2x16 bfloat16
        self.assertEqual(p.outputs, ["buf0"])
        (l,) = p.launches
        self.assertEqual((l.grid, l.num_warps, l.shared), ((2, 1, 1), 8, 98304))
        self.assertEqual([a.value for a in l.args], ["arg2_1", "L__self___fc1_weight", "L__self___fc1_bias", "buf0", 2])
        c = parse.to_config(p)
        self.assertEqual(c["blueprint"]["control_flow"][0]["ExecKernel"][1][1], {"Ptr": "fc1.weight"})


class Refusals(unittest.TestCase):
    def test_extern_kernel(self):
        src = read(os.path.join(NEW, "wrapper.cpp")).replace(
            "    buf0.reset();", "    at::addmm_out(buf1, fc2_bias, buf0, fc2_weight);\n    buf0.reset();")
        with self.assertRaisesRegex(parse.ExportError, "at::addmm_out"):
            parse.parse(src)

    def test_fallback_op(self):
        src = read(os.path.join(NEW, "wrapper.cpp")).replace(
            "    buf0.reset();", "    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_convolution(buf0, buf1));\n    buf0.reset();")
        with self.assertRaisesRegex(parse.ExportError, "aoti_torch_cuda_convolution"):
            parse.parse(src)

    def test_no_run_impl(self):
        with self.assertRaises(parse.ExportError):
            parse.parse("int main() {}")

    def test_duplicate_symbols(self):
        src = read(os.path.join(NEW, "wrapper.cpp")).replace('"triton_tem_fused_addmm_1", 0', '"triton_tem_fused_addmm_relu_0", 0')
        with self.assertRaisesRegex(parse.ExportError, "same kernel symbol"):
            parse.to_config(parse.parse(src))


class Safetensors(unittest.TestCase):
    def test_round_trip(self):
        blob = safetensors.encode([("a", "F32", (2,), b"\0" * 8), ("b", "BF16", (), b"\1\2")], {"k": "v"})
        (n,) = struct.unpack_from("<Q", blob)
        self.assertEqual((8 + n) % 8, 0)
        got, meta = safetensors.decode(blob)
        self.assertEqual(got, {"a": ("F32", (2,), b"\0" * 8), "b": ("BF16", (), b"\1\2")})
        self.assertEqual(meta, {"k": "v"})

    def test_refuses_mismatch(self):
        with self.assertRaises(ValueError):
            safetensors.encode([("a", "F32", (3,), b"\0" * 8)])


class Bundle(unittest.TestCase):
    def test_write(self):
        prog = parse.parse(read(os.path.join(NEW, "wrapper.cpp")), NEW)
        config = parse.to_config(prog, "mlp")
        shapes = {c.fqn: c.shape for c in prog.constants.values()}
        weights = {f: ("F32", s, b"\0" * (4 * max(1, eval("*".join(map(str, s)) or "1")))) for f, s in shapes.items()}
        with tempfile.TemporaryDirectory() as d:
            m = bundle.write(d, "mlp", prog, config, weights, NEW, weight_set="mlp")
            self.assertEqual(sorted(m["libraries"]), ["triton_tem_fused_addmm_1", "triton_tem_fused_addmm_relu_0"])
            for rel in list(m["libraries"].values()) + [m["config"], m["weights"]["file"]]:
                self.assertTrue(os.path.exists(os.path.join(d, rel)), rel)
            del weights["fc2.bias"]
            with self.assertRaisesRegex(parse.ExportError, "fc2.bias"):
                bundle.write(d, "mlp", prog, config, weights, NEW)


if __name__ == "__main__":
    unittest.main()
