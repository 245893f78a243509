#!/usr/bin/env bash
# Installs HAProxy from Debian's packages when it is missing: the cluster harness
# (cluster/e2e, `make test-cluster`, `make cluster-bench`) runs it as the balancer. Needs root
# (apt-get); prints what it did.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then
	echo "haproxy: $(haproxy -v | head -1)"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends haproxy >/dev/null
echo "haproxy installed: $(haproxy -v | head -1)"
