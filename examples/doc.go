// Package examples holds gpufn's example functions: the CUDA sources of the example libraries
// (mlops, module, testkernels), their PTX (generated on the GPU machine by `make kernels` and
// committed), the function configs, input generators and Go reference implementations of every
// example kernel, used by tests, the bench and `gpufn serve --examples`; and hostile PTX
// (hostile/, HostilePTX) that hides device-malloc calls from text scanners, which gpufn must
// refuse at upload. Library probe (count_u64) is the tenant isolation probe of the end-to-end
// tests, and mlp the example whose weights are a weight set.
//
// It is data and pure functions: nothing here touches a device or the network.
package examples
