// Package examples holds gpufn's example functions: the CUDA sources of the example libraries
// (mlops, module, testkernels), their PTX (generated on the GPU machine by `make kernels` and
// committed), the function configs, input generators and Go reference implementations of every
// example kernel, used by tests, the bench and `gpufn serve --examples`.
//
// It is data and pure functions: nothing here touches a device or the network.
package examples
