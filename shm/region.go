package shm

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// Region is a memfd-backed shared mapping.
//
// A Region must not be copied.
type Region struct {
	f   *os.File
	mem []byte
}

// Create makes a new sealed region of size bytes, named name (the name only shows in
// /proc/PID/fd). The file descriptor is close-on-exec; hand it to a child through
// exec.Cmd.ExtraFiles.
func Create(name string, size int) (*Region, error) {
	if size <= 0 {
		return nil, fmt.Errorf("shm: region size %d must be positive", size)
	}
	fd, err := unix.MemfdCreate(name, unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil, fmt.Errorf("shm: memfd_create: %w", err)
	}
	f := os.NewFile(uintptr(fd), name)
	if err := f.Truncate(int64(size)); err != nil {
		f.Close()
		return nil, fmt.Errorf("shm: truncate to %d bytes: %w", size, err)
	}
	// Neither side may resize the region afterwards: shrinking it under the other's mapping
	// would turn its next access into SIGBUS.
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_SHRINK|unix.F_SEAL_GROW|unix.F_SEAL_SEAL); err != nil {
		f.Close()
		return nil, fmt.Errorf("shm: seal: %w", err)
	}
	return mapFile(f, size)
}

// Open maps a region received as a file descriptor (in the worker). The size is the file's.
func Open(f *os.File) (*Region, error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return nil, fmt.Errorf("shm: fstat fd %d: %w", f.Fd(), err)
	}
	if st.Size <= 0 {
		return nil, fmt.Errorf("shm: fd %d is empty", f.Fd())
	}
	return mapFile(f, int(st.Size))
}

func mapFile(f *os.File, size int) (*Region, error) {
	mem, err := unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("shm: mmap %d bytes: %w", size, err)
	}
	return &Region{f: f, mem: mem}, nil
}

// Bytes is the mapped memory. It stays valid until Close.
func (r *Region) Bytes() []byte { return r.mem }

// Size is the region's size in bytes.
func (r *Region) Size() int { return len(r.mem) }

// File is the memfd, to hand to a child process.
func (r *Region) File() *os.File { return r.f }

// Close unmaps the region and closes its descriptor. It is safe to call twice.
func (r *Region) Close() error {
	var errs []error
	if r.mem != nil {
		errs = append(errs, unix.Munmap(r.mem))
		r.mem = nil
	}
	if r.f != nil {
		errs = append(errs, r.f.Close())
		r.f = nil
	}
	return errors.Join(errs...)
}
