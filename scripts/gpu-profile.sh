#!/usr/bin/env bash
# Where the host's CPU goes at a fixed load. Runs ON THE GPU MACHINE, from the repository root,
# with bin/gpufn from `make gpu-build` (curl and taskset needed; no Go).
#
#   scripts/gpu-profile.sh WORKLOAD RATE [gpufn serve flags...]
#   e.g. scripts/gpu-profile.sh matmul 14000 --engine concurrent --workers 4 --mps on
#
# It starts `gpufn serve --pprof --max-connections-per-ip=0` (the bench holds a connection per
# request in flight, and the profile's download needs one more) with the flags given, drives it
# with `gpufn bench run` at RATE for DUR, and while the load runs takes a CPU profile of the
# server (PROFILE_SECONDS) and the CPU time of every process involved over the same window: the
# server, its workers, the MPS server, the bench; and the machine's busy cores. Outputs go to
# $OUT (or /tmp/gpu-profile):
# NAME.cpu.pprof (read it where Go is: go tool pprof -top bin/gpufn NAME.cpu.pprof),
# NAME.cpu.txt (CPU seconds per process), NAME.server.log, the bench's result JSON and its own
# CPU profile (NAME.bench.pprof).
#
# Environment: DUR=10s, PROFILE_SECONDS=5, NAME=WORKLOAD-RATE, PORT=18080, DEVICE=cuda,
# BENCH_ARGS (more flags of gpufn bench run, e.g. "--batching on"),
# SERVER_CPUS / BENCH_CPUS (taskset lists; default on 12 or more cores as gpu-bench.sh: the
# last quarter of the cores for the bench).
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,20p' "$0"; exit 2; }
workload=$1 rate=$2
shift 2
DUR=${DUR:-10s}
PROFILE_SECONDS=${PROFILE_SECONDS:-5}
PORT=${PORT:-18080}
DEVICE=${DEVICE:-cuda}
NAME=${NAME:-$workload-$rate}
out=${OUT:-/tmp/gpu-profile}
mkdir -p "$out"
ncpu=$(nproc)
if [ -z "${SERVER_CPUS+set}" ] && [ "$ncpu" -ge 12 ]; then
	q=$((ncpu / 4))
	SERVER_CPUS=0-$((ncpu - q - 1))
	BENCH_CPUS=${BENCH_CPUS:-$((ncpu - q))-$((ncpu - 1))}
fi
pin_server=() pin_bench=()
[ -n "${SERVER_CPUS:-}" ] && pin_server=(taskset -c "$SERVER_CPUS") && pin_bench=(taskset -c "$BENCH_CPUS")

"${pin_server[@]}" bin/gpufn serve --listen "127.0.0.1:$PORT" --device "$DEVICE" --pprof --max-connections-per-ip=0 "$@" >"$out/$NAME.server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
for _ in $(seq 300); do
	curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break
	kill -0 $server 2>/dev/null || { echo "server exited:"; tail -20 "$out/$NAME.server.log"; exit 1; }
	sleep 0.1
done

"${pin_bench[@]}" bin/gpufn bench run --url "http://127.0.0.1:$PORT" --workload "$workload" --rate "$rate" \
	--duration "$DUR" --warmup 1s --progress off --system "$NAME" --name "$NAME" --out "$out" ${BENCH_ARGS:-} \
	--cpuprofile "$out/$NAME.bench.pprof" >"$out/$NAME.bench.txt" 2>&1 &
bench=$!
sleep 2

# CPU ticks (user+system) of a process and its threads.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
procs() {
	echo "server $server"
	for p in $(pgrep -P $server); do echo "worker $p"; done
	for p in $(pgrep -f nvidia-cuda-mps-server); do echo "mps-server $p"; done
	echo "bench $bench"
}
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $5+$6}' /proc/stat; }
declare -A before
while read -r what pid; do before[$pid]=$(ticks "$pid"); done < <(procs)
read -r busy0 idle0 < <(busy)
t0=$(date +%s.%N)
# A refused download (e.g. 503 once the server's connections are all taken) must not shrink
# the CPU window to nothing: the figures are taken over the time that really passed, and at
# least PROFILE_SECONDS.
if ! curl -sf -o "$out/$NAME.cpu.pprof" "http://127.0.0.1:$PORT/debug/pprof/profile?seconds=$PROFILE_SECONDS"; then
	echo "# no server profile: the download failed ($(curl -s "http://127.0.0.1:$PORT/debug/pprof/profile?seconds=1" | head -c 200))"
	rm -f "$out/$NAME.cpu.pprof"
	sleep "$PROFILE_SECONDS"
fi
read -r busy1 idle1 < <(busy)
PROFILE_SECONDS=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')
hz=$(getconf CLK_TCK)
{
	echo "# CPU seconds over the ${PROFILE_SECONDS}s profile window at $rate/s of $workload; serve flags: $*"
	echo "# servers on ${SERVER_CPUS:-any}, bench on ${BENCH_CPUS:-any}; $ncpu cores"
	while read -r what pid; do
		t=$(ticks "$pid")
		awk -v w="$what" -v p="$pid" -v a="${before[$pid]:-0}" -v b="$t" -v hz="$hz" -v s="$PROFILE_SECONDS" \
			'BEGIN { printf "%-11s pid %-8s %6.2f CPU-s  (%.2f cores)\n", w, p, (b-a)/hz, (b-a)/hz/s }'
	done < <(procs)
	awk -v b="$((busy1 - busy0))" -v i="$((idle1 - idle0))" -v n="$ncpu" \
		'BEGIN { printf "machine     busy %.1f of %d cores\n", n*b/(b+i), n }'
} | tee "$out/$NAME.cpu.txt"
wait $bench
tail -5 "$out/$NAME.bench.txt"
