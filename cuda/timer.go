package cuda

/*
#cgo nocallback gf_cuEventRecord
#cgo noescape gf_cuEventElapsed
#cgo nocallback gf_cuEventElapsed
#include "cuda_decls.h"
*/
import "C"

import (
	"fmt"
	"time"

	"gpufn/gpu"
)

const (
	opEventCreate  = "cuEventCreate"
	opEventRecord  = "cuEventRecord"
	opEventElapsed = "cuEventElapsedTime"
)

var _ gpu.StreamTimer = (*Device)(nil)

// Mark records timing mark i on the default stream (cuEventRecord on the legacy NULL stream,
// where the launches, copies and memsets go). The marks are gpu.MaxMarks events made with
// CU_EVENT_DEFAULT (which keeps timing) at the first Mark, and destroyed by Close. It does not
// allocate (but for the error of a mark out of range).
func (d *Device) Mark(i int) error {
	if d.closed || d.lost != nil {
		return d.unusable(opEventRecord)
	}
	if err := markRange(opEventRecord, i); err != nil {
		return err
	}
	if d.marks[0] == 0 {
		if err := d.makeMarks(); err != nil {
			return err
		}
	}
	return d.result(opEventRecord, C.gf_cuEventRecord(C.uint64_t(d.marks[i])))
}

// Elapsed is the device time from mark i to mark j (cuEventElapsedTime_v2, about half a
// microsecond of resolution). Both must have been recorded and reached: after a Synchronize
// that followed them; else the driver's error (CUDA_ERROR_NOT_READY, or
// CUDA_ERROR_INVALID_HANDLE for a mark never recorded), not fatal. It does not allocate when it
// succeeds.
func (d *Device) Elapsed(i, j int) (time.Duration, error) {
	if d.closed || d.lost != nil {
		return 0, d.unusable(opEventElapsed)
	}
	if err := markRange(opEventElapsed, i); err != nil {
		return 0, err
	}
	if err := markRange(opEventElapsed, j); err != nil {
		return 0, err
	}
	if d.marks[0] == 0 {
		return 0, &gpu.Error{Op: opEventElapsed, Code: codeInvalidHandle, Name: codeName(codeInvalidHandle),
			Msg: "no mark recorded yet"}
	}
	var ms C.float
	if err := d.result(opEventElapsed, C.gf_cuEventElapsed(&ms, C.uint64_t(d.marks[i]), C.uint64_t(d.marks[j]))); err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// markRange refuses a mark outside [0, gpu.MaxMarks), as the driver refuses a bad handle.
func markRange(op string, i int) error {
	if i < 0 || i >= gpu.MaxMarks {
		return &gpu.Error{Op: op, Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: fmt.Sprintf("mark %d outside [0, %d)", i, gpu.MaxMarks)}
	}
	return nil
}

// makeMarks creates the marks' events; on an error it destroys those it made.
func (d *Device) makeMarks() error {
	for i := range d.marks {
		var ev C.uint64_t
		if err := d.result(opEventCreate, C.gf_cuEventCreate(&ev)); err != nil {
			d.destroyMarks()
			return err
		}
		d.marks[i] = uint64(ev)
	}
	return nil
}

// destroyMarks destroys the marks' events that exist (cuEventDestroy_v2; an event still
// pending is released once reached).
func (d *Device) destroyMarks() {
	for i, ev := range d.marks {
		if ev != 0 {
			C.gf_cuEventDestroy(C.uint64_t(ev))
			d.marks[i] = 0
		}
	}
}
