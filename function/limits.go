package function

// Dim3 is the grid or block shape a launch evaluates to.
//
// It has the fields of the device contract's gpu.Dim3, in the same order, so that a caller
// that meets the device converts with gpu.Dim3(d); this package stays free of the device.
type Dim3 struct{ X, Y, Z uint32 }

// Count returns X*Y*Z without overflow (the product of three uint32 fits in 96 bits; the
// result saturates at the maximum uint64).
func (d Dim3) Count() uint64 {
	xy := uint64(d.X) * uint64(d.Y)
	if d.Z != 0 && xy > ^uint64(0)/uint64(d.Z) {
		return ^uint64(0)
	}
	return xy * uint64(d.Z)
}

// Limits are the launch limits of a device that a plan is checked against (CheckLimits,
// LaunchShape). A zero field is no limit.
//
// It has the fields of the device contract's gpu.Limits, in the same order, so that a caller
// converts a device's limits with function.Limits(info.Limits).
type Limits struct {
	MaxThreadsPerBlock uint32
	MaxBlockDim        [3]uint32
	MaxGridDim         [3]uint32
	// MaxSharedMemPerBlock is the dynamic shared memory a launch may ask for.
	MaxSharedMemPerBlock uint32
}
