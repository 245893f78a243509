"""gpufn export: PyTorch models to gpufn bundles (docs/export.md).

The parsing of AOTInductor's output (aoti.py's counterpart, parse.py) and the bundle writer
(bundle.py) are plain Python: they are tested in CI without torch (tools/export/export_test.go
runs tests.py with python3). Exporting itself (export.py) needs torch, triton and a GPU.
"""
