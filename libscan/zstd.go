package libscan

import (
	"bytes"
	"io"

	"github.com/klauspost/compress/zstd"
)

func inflateZstd(data []byte) ([]byte, error) {
	d, err := zstd.NewReader(bytes.NewReader(data), zstd.WithDecoderMaxMemory(maxInflated), zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, badLib("a fatbin entry with a bad zstd stream: %v", err)
	}
	defer d.Close()
	out, err := io.ReadAll(io.LimitReader(d, maxInflated+1))
	if err != nil {
		return nil, badLib("a fatbin entry with a bad zstd stream: %v", err)
	}
	if len(out) > maxInflated {
		return nil, badLib("a fatbin entry inflates past %d bytes", maxInflated)
	}
	return out, nil
}
