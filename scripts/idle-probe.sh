#!/usr/bin/env bash
# Exploratory (GPU machine): how much of low-load latency is idle cores waking up? Measures the
# echo floor, the paced GPU floor, gpufn seq (hybrid and spin) at 25/s and vegeta vs the bench at
# 2000/s, in three machine states: as it is; with /dev/cpu_dma_latency held at 0; with a
# SCHED_IDLE spinner on every core.
set -u
cd "$(dirname "$0")/.."
B=${BIN:-bin} DEV=${DEVICE:-cuda} MODES=${MODES:-plain qos idlespin} LD=${LD:-8s} VD=${VD:-4s}
n=$(nproc); q=$((n / 4)); S=0-$((n - q - 1)); C=$((n - q))-$((n - 1))
[ "$n" -lt 8 ] && S=0-$((n - 1)) C=0-$((n - 1))
R=${OUT:-/tmp}/idle; mkdir -p "$R"
echo "== env: $(nproc) cpus, servers $S, bench $C"; cat /proc/cmdline
for f in current_driver current_governor current_governor_ro; do echo "cpuidle/$f: $(cat /sys/devices/system/cpu/cpuidle/$f 2>&1)"; done
for s in /sys/devices/system/cpu/cpu0/cpuidle/state*; do [ -d "$s" ] && echo "$s $(cat $s/name) latency=$(cat $s/latency)us"; done
ls -la /dev/cpu_dma_latency 2>&1; lscpu | grep -Ei 'model name|thread|hypervisor' ; command -v chrt
run() {
	m=$1; o=$R/$m; mkdir -p "$o"
	taskset -c $C $B/gpufn bench floor --workloads matmul --rate 25 --rate-duration $LD --duration=-1s --iterations 2000 \
		--server-cpus $S --spin-wait 10ms --out $o >$o/floor.log 2>&1
	taskset -c $S $B/gpufn-baseline --floor --device $DEV --floor-workloads matmul --floor-iterations 2000 --floor-rate 25 \
		--out $o/gpu-floor.json >$o/gpufloor.log 2>&1
	taskset -c $C $B/gpufn bench compare --device $DEV --gpufn $B/gpufn --server-cpus $S --workload matmul --systems seq,seq-spin \
		--sweep none --low-rate 25 --low-duration $LD --low-spin-wait 10ms --progress off --out $o >$o/compare.log 2>&1
	taskset -c $C $B/gpufn bench vegeta-check --vegeta $B/vegeta --gpufn $B/gpufn --device $DEV --server-cpus $S --system seq \
		--workload matmul --rates 2000 --duration $VD --min-samples 0 --warmup 1s --progress off --out $o >$o/vegeta.log 2>&1
	$B/gpufn bench report $o >/dev/null 2>&1
	echo "==== $m"; grep -E '^\| (matmul-n128|gpufn-seq|2000/s)' $o/summary.md | grep -v 'cold'
	grep -E 'Where the time' -A4 $o/summary.md | grep -E '^\| gpufn'
}
for m in $MODES; do
	case $m in
	plain) run plain ;;
	qos) if exec 3>/dev/cpu_dma_latency; then printf '\x00\x00\x00\x00' >&3; run qos; exec 3>&-; else echo "no qos"; fi ;;
	idlespin) pids=(); for c in $(seq 0 $((n - 1))); do taskset -c $c chrt -i 0 bash -c 'while :; do :; done' & pids+=($!); done
		run idlespin; kill "${pids[@]}"; wait 2>/dev/null ;;
	esac
done
cd $R/.. && tar czf idle.tar.gz idle && rm -rf idle
