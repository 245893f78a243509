package examples

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The batching example (docs/batching.md): library "batch" (kernel item_affine_f32,
// examples/batch/batch.cu), whose kernel has a batch dimension: an item is BatchItem float32,
// block y of the grid is item y, and y[j] = 2 x[j] + the sum of the item's x. BatchConfig(n) is
// the function of batch size n; BatchingConfig is the batch-1 function that declares the others
// as its batch variants.

// BatchItem is the float32 in an item; BatchItemBytes its bytes (one input x, one output y).
const (
	BatchItem      = 8
	BatchItemBytes = 4 * BatchItem
)

// BatchPoison is the float32 bit pattern (a NaN) that makes item_affine_f32 fault when an
// item holds it.
const BatchPoison = 0x7fc0dead

// BatchConfig is the config of the function that runs n items at once: input x and output y
// of n items, one block of 32 threads per item.
func BatchConfig(n int) []byte {
	return []byte(batchConfig(n, ""))
}

func batchConfig(n int, extra string) string {
	return `{
  "module_path": "batch",
  "kernels": ["item_affine_f32"],` + extra + `
  "blueprint": {
    "inputs": ["x"],
    "buffers": {"y": {"Absolute": ` + strconv.Itoa(n*BatchItemBytes) + `}},
    "outputs": ["y"],
    "control_flow": [
      {"ExecKernel": ["item_affine_f32", [{"Ptr": "x"}, {"Ptr": "y"}],
        {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": ` + strconv.Itoa(n) + `}, "grid_dim_z": {"Absolute": 1},
         "block_dim_x": {"Absolute": 32}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
         "shared_mem_bytes": {"Absolute": 0}}]}
    ]
  }
}`
}

// BatchVariantName is the name BatchingConfig gives the variant of batch size n of a function
// named base: base_bN.
func BatchVariantName(base string, n int) string { return base + "_b" + strconv.Itoa(n) }

// BatchingConfig is the batch-1 function (BatchConfig(1)) with a batching declaration whose
// variants are the functions BatchVariantName(base, n) for n in sizes (each above 1,
// ascending), registered as BatchConfig(n). delayUs is max_queue_delay_us, partial "pad" or
// "largest_fit" ("" for the default), preferred the preferred batch sizes (nil: the default).
func BatchingConfig(base string, sizes []int, delayUs int, partial string, preferred []int) []byte {
	var vs []string
	for _, n := range sizes {
		vs = append(vs, fmt.Sprintf(`{"batch": %d, "function": %q}`, n, BatchVariantName(base, n)))
	}
	decl := `
  "batching": {
    "variants": [` + strings.Join(vs, ", ") + `],
    "item_bytes": {"x": ` + strconv.Itoa(BatchItemBytes) + `, "y": ` + strconv.Itoa(BatchItemBytes) + `},
    "max_queue_delay_us": ` + strconv.Itoa(delayUs)
	if partial != "" {
		decl += `,
    "partial": ` + strconv.Quote(partial)
	}
	if preferred != nil {
		var ps []string
		for _, p := range preferred {
			ps = append(ps, strconv.Itoa(p))
		}
		decl += `,
    "preferred_batch_sizes": [` + strings.Join(ps, ", ") + `]`
	}
	decl += `
  },`
	return []byte(batchConfig(1, decl))
}

// BatchInput is one item of random float32 in [-1, 1) from seed.
func BatchInput(seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 0x62617463))
	b := make([]byte, 0, BatchItemBytes)
	for range BatchItem {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(r.Float64()*2-1)))
	}
	return b
}

// BatchPoisonInput is an item that makes item_affine_f32 fault.
func BatchPoisonInput() []byte {
	b := BatchInput(0)
	binary.LittleEndian.PutUint32(b[4*3:], BatchPoison)
	return b
}

// BatchReference is item_affine_f32's output for item x, computed as the kernel does (float32
// sums in order, then a fused multiply-add): bit-identical to the device's.
func BatchReference(x []byte) []byte {
	var v [BatchItem]float32
	var s float32
	for k := range v {
		v[k] = math.Float32frombits(binary.LittleEndian.Uint32(x[4*k:]))
		s += v[k]
	}
	out := make([]byte, 0, BatchItemBytes)
	for _, xj := range v {
		y := float32(math.FMA(float64(xj), 2, float64(s)))
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(y))
	}
	return out
}
