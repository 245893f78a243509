#!/usr/bin/env bash
# Makes sure Debian's HIP headers (package libamdhip64-dev) are present, so that
# `go test -tags hipheaders -run HeaderCheck ./hip` can compile hip/hip_decls.h against them.
#
# Exit status: 0 when /usr/include/hip/hip_runtime_api.h exists (already, or after installing
# it); 3 with the reason on stderr when it is missing and is not installed here (HIP_INSTALL=no,
# not root, no apt-get, or the install failed). It installs nothing when the headers are
# already there, and says so on a line of its own before it changes the system.
#
# HIP_INSTALL=no (make test HIP_INSTALL=no): never install; skip the check when the headers are
# missing.
set -u

hdr=/usr/include/hip/hip_runtime_api.h
pkg=libamdhip64-dev

if [ -f "$hdr" ]; then
	echo "hip-headers: $hdr present ($(dpkg-query -W -f='${Package} ${Version}' "$pkg" 2>/dev/null || echo 'not from dpkg'))"
	exit 0
fi
if [ "${HIP_INSTALL:-yes}" = no ]; then
	echo "hip-headers: SKIPPED: $hdr is missing and HIP_INSTALL=no (install it with: sudo apt-get install $pkg)" >&2
	exit 3
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "hip-headers: SKIPPED: $hdr is missing and there is no apt-get to install $pkg (not a Debian-like system)" >&2
	exit 3
fi
if [ "$(id -u)" != 0 ]; then
	echo "hip-headers: SKIPPED: $hdr is missing and this is not root, so $pkg is not installed (install it with: sudo apt-get install $pkg)" >&2
	exit 3
fi

echo "hip-headers: INSTALLING the Debian package $pkg (apt-get update if needed, then apt-get install, as root) for $hdr; make test HIP_INSTALL=no skips this"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# apt-cache may know nothing before the first update on a fresh machine.
if ! apt-cache show "$pkg" >/dev/null 2>&1; then
	timeout 300 apt-get update -qq >"$log" 2>&1 || true
fi
if ! DEBIAN_FRONTEND=noninteractive timeout 600 \
	apt-get install -y -qq --no-install-recommends "$pkg" >>"$log" 2>&1; then
	echo "hip-headers: SKIPPED: apt-get install $pkg failed:" >&2
	tail -n 5 "$log" >&2
	exit 3
fi
if [ ! -f "$hdr" ]; then
	echo "hip-headers: SKIPPED: $pkg installed but $hdr is still missing" >&2
	exit 3
fi
echo "hip-headers: installed $(dpkg-query -W -f='${Package} ${Version}' "$pkg")"
exit 0
