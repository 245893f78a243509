package main

import (
	"fmt"
	"strconv"
	"strings"
)

// byteSize is a flag of bytes with an optional unit: 512, 64KiB, 64MiB, 8GiB, 1G, 100M.
type byteSize uint64

var units = []struct {
	suffix string
	mult   uint64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1},
}

func (b *byteSize) Set(s string) error {
	v, err := parseBytes(s)
	if err != nil {
		return err
	}
	*b = byteSize(v)
	return nil
}

func (b byteSize) String() string {
	v := uint64(b)
	for _, u := range []struct {
		s string
		m uint64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if v != 0 && v%u.m == 0 {
			return strconv.FormatUint(v/u.m, 10) + u.s
		}
	}
	return strconv.FormatUint(v, 10)
}

func parseBytes(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	mult := uint64(1)
	for _, u := range units {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size (examples: 4096, 64MiB, 8GiB)", s)
	}
	if v > ^uint64(0)/mult {
		return 0, fmt.Errorf("%q overflows 64 bits", s)
	}
	return v * mult, nil
}
