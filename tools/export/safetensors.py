"""A minimal safetensors writer and reader in plain Python (no torch, no numpy).

The format: an 8-byte little-endian header length N, N bytes of JSON header (padded with
spaces to a multiple of 8), then every tensor's bytes back to back. The Go side checks files
in full (package weights); this writer produces exactly what it accepts.
"""

import json
import struct

DTYPE_SIZES = {
    "BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1,
    "I16": 2, "U16": 2, "F16": 2, "BF16": 2,
    "I32": 4, "U32": 4, "F32": 4,
    "I64": 8, "U64": 8, "F64": 8, "C64": 8,
}


def encode(tensors, metadata=None):
    """tensors: list of (name, dtype, shape, data bytes), written in that order."""
    header = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    offset = 0
    for name, dtype, shape, data in tensors:
        if dtype not in DTYPE_SIZES:
            raise ValueError(f"tensor {name}: dtype {dtype} is not one gpufn takes")
        n = DTYPE_SIZES[dtype]
        for d in shape:
            n *= d
        if n != len(data):
            raise ValueError(f"tensor {name}: shape {shape} of {dtype} is {n} bytes, data is {len(data)}")
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    js = json.dumps(header, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 8)
    return struct.pack("<Q", len(js)) + js + b"".join(t[3] for t in tensors)


def decode(blob):
    """Returns ({name: (dtype, shape, bytes)}, metadata) of a safetensors file."""
    (n,) = struct.unpack_from("<Q", blob, 0)
    header = json.loads(blob[8:8 + n])
    metadata = header.pop("__metadata__", {})
    data = blob[8 + n:]
    out = {}
    for name, t in header.items():
        b, e = t["data_offsets"]
        out[name] = (t["dtype"], tuple(t["shape"]), data[b:e])
    return out, metadata
