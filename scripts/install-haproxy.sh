#!/usr/bin/env bash
# Installs HAProxy from Debian's packages when it is missing: the cluster harness
# (cluster/e2e, `make test-cluster`, `make cluster-bench`) runs it as the balancer. Needs root
# and apt-get; says what it does. Where it cannot install, it says so and exits 0: the harness
# then skips its cases that need the balancer, with a line saying why.
set -uo pipefail
if command -v haproxy >/dev/null 2>&1; then
	echo "haproxy: $(haproxy -v | head -1)"
	exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1 || [ "${HAPROXY_INSTALL:-yes}" = no ]; then
	echo "SKIPPED: haproxy is not installed and cannot be installed here (needs root and apt-get; HAPROXY_INSTALL=no turns installing off)"
	exit 0
fi
echo "INSTALLING haproxy (Debian package) with apt-get, for the cluster harness"
export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq && apt-get install -y -qq --no-install-recommends haproxy >/dev/null; then
	echo "haproxy installed: $(haproxy -v | head -1)"
else
	echo "SKIPPED: installing haproxy failed (see above)"
fi
exit 0
