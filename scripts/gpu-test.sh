#!/usr/bin/env bash
# Runs ON THE GPU MACHINE, from the repository root, with binaries built here by `make gpu-build`
# (bin/gpufn, bin/cuda.test, bin/e2e.test). No Go is needed there.
#
#   1. the CUDA declarations checked against the toolkit's cuda.h (gcc);
#   2. the device conformance suite on CUDA (resident weight allocations included), then its
#      destructive cases (a fault; a kernel writing a sealed weight allocation) in a process of
#      their own each;
#   3. the end-to-end tests against real servers on the GPU: sequential engine, then concurrent
#      under MPS (matmul, inference, zeroing, faults, deadlines, printf, bad input; weight sets,
#      the MLP example, Dandelion v2 configs, tenant switches: e2e/models_test.go), on GPU 0,
#      with the recovery after a fault checked and its timeline printed (one rescue worker, the
#      default under MPS); then the fault tests again without rescue workers, for comparison;
#   4. on a host of two or more GPUs, the multi-GPU end-to-end tests on two.
# Knobs: E2E_RUN (a -test.run pattern for step 3), E2E_SKIP (a -test.skip pattern for step 3),
# GPUFN_E2E_ARGS (serve flags added to every server the end-to-end tests start, e.g. "--preload=false"),
# NO_NORESCUE=1 (step 3 without the re-run of the fault tests with --rescue-workers 0), SKIP_SINGLE=1 (step 4 alone).
# Results go to $OUT/gpu-test.log when $OUT is set.
set -uo pipefail
cd "$(dirname "$0")/.."
log=${OUT:-/tmp}/gpu-test.log
: >"$log"
status=0
step() {
	echo "=== $*" | tee -a "$log"
	"$@" 2>&1 | tee -a "$log"
	local rc=${PIPESTATUS[0]}
	echo "=== exit $rc: $*" | tee -a "$log"
	[ "$rc" -eq 0 ] || status=1
}
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_mode --format=csv | tee -a "$log"
[ -x scripts/cuda-headers-check.sh ] && step scripts/cuda-headers-check.sh
# A test binary run directly has no timeout of its own: a test that hangs on the GPU (a stream
# waiting for good) would take the whole run with it. The suite takes about 10 s on the H100.
step bin/cuda.test -test.v -test.count=1 -test.timeout 3m
step env GPUFN_DESTRUCTIVE=1 bin/cuda.test -test.v -test.count=1 -test.timeout 2m -test.run "Conformance/.*/destructive"
step env GPUFN_DESTRUCTIVE=1 bin/cuda.test -test.v -test.count=1 -test.timeout 2m -test.run TestDestructiveFault
step env GPUFN_DESTRUCTIVE=1 bin/cuda.test -test.v -test.count=1 -test.timeout 2m -test.run TestDestructiveResidentWrite
export GPUFN_BIN=$PWD/bin/gpufn GPUFN_E2E_DEVICE=cuda
# The single-GPU suite runs on GPU 0 alone; on a host of several GPUs the multi-GPU tests
# (e2e/multigpu_test.go: an engine, MPS daemon and workers per GPU, spreading, a fault on one
# GPU sparing the other) run after it on two.
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
	# Only the GPUs that CUDA may see count (nvidia-smi lists them all): with
	# CUDA_VISIBLE_DEVICES=0 on a host of two, the multi-GPU tests cannot run.
	visible=$(echo "$CUDA_VISIBLE_DEVICES" | tr ',' '\n' | grep -c .)
	if [ "$visible" -lt "$gpus" ]; then gpus=$visible; fi
fi
if [ -z "${SKIP_SINGLE:-}" ]; then
	# GPUFN_RECOVERY_CHECK: the fault tests under MPS (4 workers) provoke 5 faults and measure the
	# recovery against its targets (first correct answer after the fault at most 500 ms p50, the
	# culprit answered within 1 s): a miss is a "RECOVERY TARGET MISSED" line, not a failure;
	# each recovery's timeline is printed (docs/engines.md, "Recovery"), with the worker that
	# answered (a rescue worker: cuda0-rescue0) and the rescue workers' counts.
	step env CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0} GPUFN_RECOVERY_CHECK=1 bin/e2e.test -test.v -test.count=1 -test.timeout 9m ${E2E_RUN:+-test.run "$E2E_RUN"} ${E2E_SKIP:+-test.skip "$E2E_SKIP"}
	# The fault tests again without rescue workers (--rescue-workers 0): the domain's own restart.
	[ -n "${NO_NORESCUE:-}" ] || step env CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0} GPUFN_RECOVERY_CHECK=1 GPUFN_E2E_RESCUE=0 bin/e2e.test -test.v -test.count=1 -test.timeout 3m -test.run 'TestFaultBesideInnocents|TestInfiniteLoopBesideInnocents'
	echo "=== recovery timelines (ms from the detection)" | tee -a "$log"
	grep -hE "^=== RUN   Test(FaultBeside|InfiniteLoopBeside)|recovery round|recovery: first correct|RECOVERY TARGET|rescue workers:" "$log" | tee -a "$log.recovery"
	cat "$log.recovery" >>"$log" 2>/dev/null; rm -f "$log.recovery"
fi
if [ "$gpus" -ge 2 ]; then
	step env GPUFN_E2E_GPUS="$gpus" bin/e2e.test -test.v -test.count=1 -test.timeout 5m -test.run 'TwoGPUs|OneGPU'
else
	echo "=== one GPU: the multi-GPU tests are skipped" | tee -a "$log"
fi
echo "gpu-test: $([ $status -eq 0 ] && echo PASS || echo FAIL)" | tee -a "$log"
exit $status
