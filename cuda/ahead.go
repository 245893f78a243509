package cuda

/*
#cgo nocallback gf_cuEventRecordOn
#cgo nocallback gf_cuStreamWaitEventOn
#cgo nocallback gf_cuStreamQueryDefault
#cgo nocallback gf_cuMemsetD8On
#cgo noescape gf_cuMemcpyHtoDOn
#cgo nocallback gf_cuMemcpyHtoDOn
#include "cuda_decls.h"
*/
import "C"

import (
	"unsafe"

	"gpufn/gpu"
)

const (
	opStreamCreate  = "cuStreamCreate"
	opStreamWait    = "cuStreamWaitEvent"
	opStreamQuery   = "cuStreamQuery"
	opMemsetAsync   = "cuMemsetD8Async"
	opCopyAheadHtoD = "cuMemcpyHtoDAsync_v2"
)

var _ gpu.AheadCopier = (*Device)(nil)

// aheadStream is a Device's copy stream (gpu.AheadCopier): a CU_STREAM_NON_BLOCKING stream,
// which never waits for the legacy default stream implicitly, nor makes it wait; fence and
// joined are events without timing recorded on the default stream and on the copy stream.
// fenced says a fence was recorded that the copy stream has not been made to wait for yet.
type aheadStream struct {
	stream, fence, joined uint64
	fenced                bool
}

// makeAhead creates the copy stream and its events; on an error it destroys what it made.
func (d *Device) makeAhead() error {
	a := &d.ahead
	var s, f, j C.uint64_t
	if err := d.result(opStreamCreate, C.gf_cuStreamCreateNonBlocking(&s)); err != nil {
		return err
	}
	a.stream = uint64(s)
	if err := d.result(opEventCreate, C.gf_cuEventCreateNoTiming(&f)); err != nil {
		d.destroyAhead()
		return err
	}
	a.fence = uint64(f)
	if err := d.result(opEventCreate, C.gf_cuEventCreateNoTiming(&j)); err != nil {
		d.destroyAhead()
		return err
	}
	a.joined = uint64(j)
	return nil
}

// destroyAhead destroys the copy stream and its events where they exist (the driver releases
// a stream with work pending once that work is done).
func (d *Device) destroyAhead() {
	a := &d.ahead
	if a.stream != 0 {
		C.gf_cuStreamDestroy(C.uint64_t(a.stream))
	}
	for _, ev := range [2]uint64{a.fence, a.joined} {
		if ev != 0 {
			C.gf_cuEventDestroy(C.uint64_t(ev))
		}
	}
	*a = aheadStream{}
}

// usableAhead is unusable's error for op, or the error of making the copy stream.
func (d *Device) usableAhead(op string) error {
	if err := d.unusable(op); err != nil {
		return err
	}
	if d.ahead.stream == 0 {
		return d.makeAhead()
	}
	return nil
}

// AheadFence records the fence event on the default stream (gpu.AheadCopier).
func (d *Device) AheadFence() error {
	if err := d.usableAhead(opEventRecord); err != nil {
		return err
	}
	if err := d.result(opEventRecord, C.gf_cuEventRecordOn(C.uint64_t(d.ahead.fence), 0)); err != nil {
		return err
	}
	d.ahead.fenced = true
	return nil
}

// waitFence makes the copy stream wait for the last fence, once per fence.
func (d *Device) waitFence() error {
	if !d.ahead.fenced {
		return nil
	}
	if err := d.result(opStreamWait, C.gf_cuStreamWaitEventOn(C.uint64_t(d.ahead.stream), C.uint64_t(d.ahead.fence))); err != nil {
		return err
	}
	d.ahead.fenced = false
	return nil
}

// AheadZero enqueues cuMemsetD8Async of n zero bytes at dst on the copy stream, after the last
// fence (gpu.AheadCopier). n == 0 does nothing.
func (d *Device) AheadZero(dst gpu.Ptr, n uint64) error {
	if err := d.usableAhead(opMemsetAsync); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := d.waitFence(); err != nil {
		return err
	}
	return d.result(opMemsetAsync, C.gf_cuMemsetD8On(C.gf_CUdeviceptr(dst), 0, C.size_t(n), C.uint64_t(d.ahead.stream)))
}

// AheadCopy enqueues cuMemcpyHtoDAsync_v2 of src to dst on the copy stream, after the last
// fence (gpu.AheadCopier). src must be pinned (HostRegister) for the copy to run
// asynchronously, and stay unchanged until the copy has run. An empty src does nothing.
func (d *Device) AheadCopy(dst gpu.Ptr, src []byte) error {
	if err := d.usableAhead(opCopyAheadHtoD); err != nil {
		return err
	}
	if len(src) == 0 {
		return nil
	}
	if err := d.waitFence(); err != nil {
		return err
	}
	return d.result(opCopyAheadHtoD, C.gf_cuMemcpyHtoDOn(C.gf_CUdeviceptr(dst), unsafe.Pointer(&src[0]), C.size_t(len(src)), C.uint64_t(d.ahead.stream)))
}

// AheadJoin records the joined event on the copy stream and makes the default stream wait for
// it (gpu.AheadCopier).
func (d *Device) AheadJoin() error {
	if err := d.usableAhead(opStreamWait); err != nil {
		return err
	}
	if err := d.result(opEventRecord, C.gf_cuEventRecordOn(C.uint64_t(d.ahead.joined), C.uint64_t(d.ahead.stream))); err != nil {
		return err
	}
	return d.result(opStreamWait, C.gf_cuStreamWaitEventOn(0, C.uint64_t(d.ahead.joined)))
}

// Query is cuStreamQuery on the default stream (gpu.AheadCopier): done once everything
// enqueued on it has run; CUDA_ERROR_NOT_READY is not done, any other error is returned as
// Synchronize returns it (a fault is fatal).
func (d *Device) Query() (bool, error) {
	if err := d.unusable(opStreamQuery); err != nil {
		return false, err
	}
	r := C.gf_cuStreamQueryDefault()
	if r == codeNotReady {
		return false, nil
	}
	return r == codeSuccess, d.result(opStreamQuery, r)
}
