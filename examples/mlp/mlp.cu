// A dense layer, the kernel of the MLP example (examples/mlp.go): its weights come from a
// weight set, resident on the device and read-only for kernels.
//
// y[j] = act(b[j] + sum_i W[j*in + i] * x[i]) for j < out, one thread per j; act is ReLU when
// relu != 0, else the identity. W is [out][in], row-major, as torch.nn.Linear keeps it.
// The three int parameters are 4 bytes each (gpufn passes scalars at the width a kernel declares).

extern "C" __global__ void dense_f32(const float *x, const float *W, const float *b, float *y,
                                     int in, int out, int relu)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= out) {
        return;
    }
    float acc = b[j];
    const float *w = W + (long long)j * in;
    for (int i = 0; i < in; i++) {
        acc = fmaf(w[i], x[i], acc);
    }
    if (relu != 0) {
        acc = fmaxf(acc, 0.0f);
    }
    y[j] = acc;
}
