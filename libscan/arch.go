package libscan

import (
	"strconv"
	"strings"
)

// CheckArch checks that a device of architecture deviceArch ("sm_90", "gfx90a") can run a
// scanned library:
//
//   - a cubin needs an SM version of the device's major and a minor not above the device's;
//   - PTX must not target a newer SM than the device (the driver JIT-compiles older targets);
//   - an offload bundle needs a code object for the device's processor, target features
//     (":xnack-") ignored.
//
// A fatbin passes (it may carry PTX the driver can JIT; the loader reports what it cannot
// load), and so does a bare hsaco. So does an architecture CheckArch cannot read: an SM
// version that is not sm_NN on either side, or an empty deviceArch for a bundle. It does not
// check the vendor (ask Kind.Vendor first). The error is an *ArchError, which names both
// architectures.
func CheckArch(info *Info, deviceArch string) error {
	switch info.Kind {
	case KindCubin:
		dev, ok := smVersion(deviceArch)
		if v, vok := smVersion(info.Arch); ok && vok && (v/10 != dev/10 || v > dev) {
			return &ArchError{Kind: info.Kind, Arch: info.Arch, Device: deviceArch}
		}
	case KindPTX:
		dev, ok := smVersion(deviceArch)
		if v, vok := smVersion(info.Arch); ok && vok && v > dev {
			return &ArchError{Kind: info.Kind, Arch: info.Arch, Device: deviceArch}
		}
	case KindBundle:
		if deviceArch == "" {
			return nil
		}
		for _, e := range info.Entries {
			if processor(e.Arch) == deviceArch {
				return nil
			}
		}
		return &ArchError{Kind: info.Kind, Arch: info.Arch, Device: deviceArch}
	}
	return nil
}

// smVersion reads "sm_90" as 90; the suffixes of architecture-specific and family targets
// ("sm_90a", "sm_100f") are dropped.
func smVersion(arch string) (int, bool) {
	s, ok := strings.CutPrefix(arch, "sm_")
	if !ok {
		return 0, false
	}
	s = strings.TrimRight(s, "af")
	v, err := strconv.Atoi(s)
	return v, err == nil
}
