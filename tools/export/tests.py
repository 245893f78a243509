"""Tests of the exporter's parsing and bundling, without torch: python3 -m unittest tools.export.tests
(tools/export/export_test.go runs them in CI). The fixtures are real: AOTInductor's output
(torch 2.11, triton 3.6, on an H100) for ResNet-18 and BERT-base in bf16, under
examples/*/aoti-b*/ (wrapper.cpp, Triton's metadata, raw.json), and the cubins in the bundles
beside them (examples/*/b*/libraries)."""

import json
import os
import struct
import tempfile
import unittest

from . import bundle, parse, safetensors

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESNET = os.path.join(ROOT, "examples", "resnet18", "aoti-b1")
BERT = os.path.join(ROOT, "examples", "bert", "aoti-b1")


def read(path):
    with open(path) as f:
        return f.read()


def readb(path):
    with open(path, "rb") as f:
        return f.read()


def program(raw):
    return parse.parse(read(os.path.join(raw, "wrapper.cpp")), os.path.join(raw, "kernels"))


class ParseResNet(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.prog = program(RESNET)

    def test_program(self):
        p = self.prog
        self.assertEqual(p.inputs, ["arg122_1"])
        self.assertEqual(p.outputs, ["buf60"])
        self.assertEqual(p.buffers["buf60"], 1000 * 2)  # [1, 1000] bf16
        self.assertEqual(len(p.launches), 57)
        self.assertEqual(len(p.kernels), 34)
        self.assertEqual(len(p.constants), 102)
        self.assertEqual(p.constants["conv1_weight"].fqn, "conv1.weight")
        self.assertEqual(p.constants["conv1_weight"].shape, (64, 3, 7, 7))
        # the stem's convolution: a Triton template, its grid from the call's arguments
        stem = next(l for l in p.launches if l.kernel == "triton_tem_fused_convolution_4")
        self.assertEqual((stem.grid, stem.num_warps, stem.shared), ((196, 1, 1), 8, 8192))
        self.assertEqual([(a.kind, a.value, a.written) for a in stem.args],
                         [("ptr", "buf0", False), ("ptr", "buf1", False), ("ptr", "buf2", True),
                          ("scratch", 0, False), ("scratch", 0, False)])
        # a pointwise kernel's grid computed by its launcher: ceil(16384 / 256) rows of 9
        relayout = p.launches[0]
        self.assertEqual(relayout.grid, (1, 64, 1))
        self.assertEqual([a.value for a in relayout.args if a.kind == "int"], [16384, 9])

    def test_in_place_reuse_is_one_storage(self):
        # `auto buf3 = std::move(buf2);  // reuse` then an in-place batch norm on buf3: the
        # same storage, so buf3 is no buffer of its own
        self.assertNotIn("buf3", self.prog.buffers)
        bn = self.prog.launches[9]
        self.assertEqual((bn.args[0].value, bn.args[0].written, bn.args[0].read), ("buf2", True, True))

    def test_weight_relayouts_move_to_init_flow(self):
        hoisted, derived, storage = parse.plan(self.prog)
        self.assertEqual(len(hoisted), 17)  # one per 3x3/7x7 convolution weight
        for i in hoisted:
            l = self.prog.launches[i]
            reads = [a.value for a in l.args if a.kind == "ptr" and a.read]
            self.assertTrue(all(r in self.prog.constants for r in reads), (l.kernel, reads))
        c = parse.to_config(self.prog, "resnet18")
        self.assertEqual(set(c["init_flow"]["buffers"]), derived)
        self.assertEqual(len(c["init_flow"]["control_flow"]), 17)
        self.assertEqual(len(c["blueprint"]["control_flow"]), 40)
        names = {n for n in c["blueprint"]["buffers"]}
        self.assertFalse(names & derived)
        # every pointer of the blueprint is an input, a weight, a buffer or a derived buffer
        known = names | derived | set(c["blueprint"]["inputs"]) | set(c["blueprint"]["weights"])
        for k, args, _ in (a["ExecKernel"] for a in c["blueprint"]["control_flow"]):
            for a in args:
                if "Ptr" in a:
                    self.assertIn(a["Ptr"], known, k)
        # and a derived buffer is written by the init flow alone
        for i, l in enumerate(self.prog.launches):
            if i not in hoisted:
                self.assertFalse({a.value for a in l.args if a.kind == "ptr" and a.written} & derived, l.kernel)

    def test_no_hoist_keeps_inductor_storage(self):
        c = parse.to_config(self.prog, "resnet18", hoist=False)
        self.assertNotIn("init_flow", c)
        self.assertEqual(len(c["blueprint"]["control_flow"]), 57)

    def test_config_shape(self):
        c = parse.to_config(self.prog, "resnet18", shas={k: "ab" * 32 for k in self.prog.kernels})
        self.assertEqual(c["weight_set"], "resnet18")
        self.assertEqual(len(c["modules"]), 34)
        self.assertTrue(all(m["path"].endswith("-abababababab.cubin") for m in c["modules"]))
        self.assertEqual(len(c["blueprint"]["weights"]), 102)
        k, args, launch = c["blueprint"]["control_flow"][0]["ExecKernel"]
        self.assertEqual(args[-2:], [{"Constant": 0}, {"Constant": 0}])  # Triton's scratch pointers
        self.assertEqual(launch["block_dim_x"]["Absolute"] % 32, 0)


class ParseBert(unittest.TestCase):
    def test_program(self):
        p = program(BERT)
        self.assertEqual(p.inputs, ["arg199_1"])
        self.assertEqual(len(p.launches), 157)
        self.assertEqual(p.buffers[p.outputs[0]], 128 * 768 * 2)
        # views of a buffer at offset 0 taken under a new name are that buffer
        c = parse.to_config(p, "bert")
        self.assertIn("model.embeddings.word_embeddings.weight", c["blueprint"]["weights"])
        self.assertNotIn("init_flow", c)  # BERT's weights are used as they are

    def test_view_at_offset_refused(self):
        src = read(os.path.join(BERT, "wrapper.cpp"))
        i = src.index("reinterpret_tensor_wrapper(buf7, 4, int_array_8, int_array_9, 0L)")
        src = src[:i] + src[i:].replace("0L)", "64L)", 1)
        with self.assertRaisesRegex(parse.ExportError, "offset 64"):
            parse.parse(src)


class Refusals(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.src = read(os.path.join(RESNET, "wrapper.cpp"))

    def inject(self, stmt):
        return self.src.replace("    buf0.reset();", f"    {stmt}\n    buf0.reset();", 1)

    def test_extern_kernel(self):
        with self.assertRaisesRegex(parse.ExportError, "at::addmm_out"):
            parse.parse(self.inject("at::addmm_out(buf2, fc_bias, buf0, fc_weight);"))

    def test_fallback_op(self):
        with self.assertRaisesRegex(parse.ExportError, "aoti_torch_cuda_convolution"):
            parse.parse(self.inject("AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_convolution(buf0, buf1));"))

    def test_unknown_launcher_statement(self):
        src = self.src.replace("    uint32_t grid_2 = 1;", "    uint32_t grid_2 = 1;\n    cudaMemsetAsync(x, 0, 4, stream_);", 1)
        with self.assertRaisesRegex(parse.ExportError, "cudaMemsetAsync"):
            parse.parse(src)

    def test_no_run_impl(self):
        with self.assertRaises(parse.ExportError):
            parse.parse("int main() {}")

    def test_scratch_refused(self):
        with tempfile.TemporaryDirectory() as d:
            for f in os.listdir(os.path.join(RESNET, "kernels")):
                with open(os.path.join(RESNET, "kernels", f)) as src:
                    meta = json.load(src)
                if meta["name"] == "triton_tem_fused_convolution_4":
                    meta["global_scratch_size"] = 512
                with open(os.path.join(d, f), "w") as dst:
                    json.dump(meta, dst)
            with self.assertRaisesRegex(parse.ExportError, "global_scratch"):
                parse.parse(self.src, d)

    def test_warps_must_match_metadata(self):
        src = self.src.replace("grid_0, grid_1, grid_2, 8, 8192, kernel_args_", "grid_0, grid_1, grid_2, 4, 8192, kernel_args_", 1)
        with self.assertRaisesRegex(parse.ExportError, "warps"):
            parse.parse(src, os.path.join(RESNET, "kernels"))

    def test_eval_refuses_code(self):
        with self.assertRaises(parse.ExportError):
            parse._eval("__import__('os')", {})
        self.assertEqual(parse._eval("((xnumel + (16 - 1)) / (16))", {"xnumel": 33}), 3)


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
    def test_from_raw_matches_the_committed_example(self):
        """The committed bundles are what the exporter makes of the committed raw output."""
        for model in ("resnet18", "bert"):
            ex = os.path.join(ROOT, "examples", model)
            with tempfile.TemporaryDirectory() as d:
                m = bundle.from_raw(os.path.join(ex, "aoti-b1"), d, f"{model}-b1", model,
                                    cubins=os.path.join(ex, "b1", "libraries"))
                self.assertEqual(read(os.path.join(d, "function.json")), read(os.path.join(ex, "b1", "function.json")))
                self.assertEqual(m["weights"], {"name": model, "file": "weights.safetensors"})
                for rel in list(m["libraries"].values()):
                    self.assertEqual(readb(os.path.join(d, rel)), readb(os.path.join(ex, "b1", rel)), rel)
                ins, _ = safetensors.decode(readb(os.path.join(d, "reference", "inputs.safetensors")))
                with open(os.path.join(d, "function.json")) as f:
                    self.assertEqual(list(ins), json.load(f)["blueprint"]["inputs"])

    def test_missing_cubin_is_named(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(parse.ExportError, "no cubin"):
                bundle.from_raw(RESNET, d, "r", "r")

    def test_weights_written_in_config_order(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "function.json"), "w") as f:
                json.dump({"blueprint": {"weights": ["b", "a"]}}, f)
            state = {"a": ("F32", (1,), b"\0" * 4), "b": ("BF16", (2,), b"\1" * 4), "c": ("F32", (1,), b"\0" * 4)}
            self.assertEqual(bundle.write_weights(d, state), 2)
            got, _ = safetensors.decode(readb(os.path.join(d, "weights.safetensors")))
            self.assertEqual(list(got), ["b", "a"])
            del state["a"]
            with self.assertRaisesRegex(parse.ExportError, "lack a"):
                bundle.write_weights(d, state)


class Combine(unittest.TestCase):
    def test_batch_variants(self):
        ex = os.path.join(ROOT, "examples", "resnet18")
        with tempfile.TemporaryDirectory() as d:
            m = bundle.combine([os.path.join(ex, f"b{b}") for b in (16, 1, 4)], d, preferred=[16])
            self.assertEqual(m["function"], "resnet18-b1")
            self.assertEqual([(v["batch"], v["function"]) for v in m["variants"]], [(4, "resnet18-b4"), (16, "resnet18-b16")])
            with open(os.path.join(d, "function.json")) as f:
                b = json.load(f)["batching"]
            self.assertEqual(b["item_bytes"], {"arg122_1": 3 * 224 * 224 * 2, "buf60": 1000 * 2})
            self.assertEqual((b["preferred_batch_sizes"], b["max_batch_size"], b["partial"]), ([16], 16, "pad"))
            for rel in list(m["libraries"].values()) + [v["config"] for v in m["variants"]]:
                self.assertTrue(os.path.exists(os.path.join(d, rel)), rel)
            with open(os.path.join(d, "variants", "resnet18-b4.json")) as f:
                self.assertEqual(json.load(f)["blueprint"]["buffers"]["buf60"], {"Absolute": 4 * 2000})

    def test_variant_outputs_renamed(self):
        # BERT's batch-8 compile named its output buf288, the batch-1 one buf252.
        ex = os.path.join(ROOT, "examples", "bert")
        with tempfile.TemporaryDirectory() as d:
            m = bundle.combine([os.path.join(ex, "b1"), os.path.join(ex, "b8")], d)
            with open(os.path.join(d, m["variants"][0]["config"])) as f:
                v = json.load(f)
            with open(os.path.join(ex, "b8", "function.json")) as f:
                orig = json.load(f)
            self.assertEqual(orig["blueprint"]["outputs"], ["buf288"])
            self.assertEqual(v["blueprint"]["outputs"], ["buf252"])
            text = json.dumps(v)
            self.assertNotIn("buf288", text)
            self.assertEqual(text.count('"buf252"'), json.dumps(orig).count('"buf288"'))
            self.assertEqual(v["blueprint"]["buffers"]["buf252"], orig["blueprint"]["buffers"]["buf288"])
            self.assertEqual(v["modules"], orig["modules"])
        # A name the variant already uses for another buffer is refused.
        c = {"blueprint": {"inputs": ["x"], "weights": [], "buffers": {"a": {}, "b": {}}, "outputs": ["a"], "control_flow": []}}
        with self.assertRaisesRegex(parse.ExportError, "uses for an input, weight or buffer"):
            bundle._rename_outputs(c, ["b"], "v")
        with self.assertRaisesRegex(parse.ExportError, "uses for an input, weight or buffer"):
            bundle._rename_outputs(dict(c, init_flow={"buffers": {"z": {}}}), ["z"], "v")
        with self.assertRaisesRegex(parse.ExportError, "no buffer of its own"):
            bundle._rename_outputs({"blueprint": dict(c["blueprint"], outputs=["x"])}, ["y"], "v")
        self.assertIs(bundle._rename_outputs(c, ["a"], "v"), c)
        self.assertEqual(bundle._rename_outputs(c, ["n"], "v")["blueprint"]["buffers"], {"n": {}, "b": {}})

    def test_refuses_another_model(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(parse.ExportError, "not a variant"):
                bundle.combine([os.path.join(ROOT, "examples", "resnet18", "b1"), os.path.join(ROOT, "examples", "bert", "b8")], d)
            with self.assertRaisesRegex(parse.ExportError, "one must be 1"):
                bundle.combine([os.path.join(ROOT, "examples", "resnet18", "b4")], d)


if __name__ == "__main__":
    unittest.main()
