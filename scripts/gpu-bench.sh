#!/usr/bin/env bash
# Runs ON THE GPU MACHINE, from the repository root, with binaries built by `make gpu-build`
# (bin/gpufn, bin/gpufn-baseline; bin/vegeta if present). No Go is needed there.
#
#   scripts/gpu-bench.sh                 the default steps (STEPS, below): floor, comparisons, cold,
#                                        dandelion, report (~12.5 min: more than one device call)
#   scripts/gpu-bench.sh build-vegeta    (on a machine with Go) build the pinned vegeta into bin/
#
# In one run, on the same machine:
#   0. the host's own wake-ups (bin/wakeprobe, when built: `make gpu-build` does): how late a
#      sleeping thread wakes, and the round trip of a pipe and of loopback TCP (128 KiB, with
#      blocking calls and with Go's poller) between a bench CPU and a server CPU, at the low-load
#      rate, all at once for HOST_N samples (default 500: 20 s at 25/s); in host-probe.log. Every
#      latency tail below stands on these;
#   1. the HTTP floor: loopback fasthttp echo with the workloads' payloads, serial round trips,
#      a closed loop (the generator's own capacity: the echo server runs as a process of its
#      own on the servers' CPUs) and open loop at the low-load rate (gpufn bench floor);
#   2. the GPU floor: in process, no HTTP (gpufn-baseline --floor): H2D from pinned memory,
#      kernels, D2H, zeroing, synchronize; matmul n=128 and inference 1/100/500 repetitions,
#      back to back and paced at the low-load rate;
#   3. compare, one command per workload: gpufn sequential; concurrent 2/4/8 workers with MPS
#      on, 4 workers with MPS off; the cpu device; the dedicated baseline (matmul n=128,
#      inference 1 and 500 repetitions); each system gets a low-load point (25/s), an
#      adaptive sweep (doubling, then bisecting) for the highest rate that holds (errors < 1%,
#      achieved >= 90%, p99 <= 10x the system's low-load p99, no queue growing over the step),
#      FIGURE_POINTS evenly spaced rates up to it for the plots, and a closed loop of
#      CLOSED_CONNS connections (with the server's CPU per invocation); each compare also runs
#      the same closed loop against the HTTP echo server first (the floor, measured alike);
#   4. cold requests: matmul at COLD_RATE, half of the requests each to a never-loaded copy of
#      the library (uploaded as PTX, compiled at upload, its own global variable so its code is
#      new), the other half hot, in the same run: cold p50/p99 beside hot; each system also
#      with --preload=false (NAME-nopreload): its first invocations load their code themselves
#      instead of finding it preloaded at registration (docs/engines.md "Preloading");
#   4b. the dandelion workload (Dandelion, SOSP'25) on DANDELION_SYSTEM: DANDELION_N functions
#      (copies of matmul n=128, each its own library, uploaded DANDELION_PARALLEL at a time), a
#      hot set of DANDELION_HOT getting DANDELION_HOT_PERCENT% of the requests; an adaptive
#      sweep of the mix, evenly spaced rates up to its peak (80% of it among them) and the
#      all-hot run at each of those rates; distinct cold functions served per second;
#   4c. on a host of two or more GPUs, the scaling with GPUs: matmul and inference with 500
#      repetitions, MULTI_SYSTEMS (each system on GPU 0 alone, NAME-gpu0, and on every GPU);
#   4d. models (issue 17; run only when named in STEPS): PyTorch's own latency for ResNet-18 and
#      BERT-base (scripts/torch-baseline.py: eager fp32 and bf16, torch.compile default and
#      reduce-overhead in bf16, batch 1, and reduce-overhead at batch 32), then, for each of
#      MODELS, compare on MODELS_SYSTEMS with the bundle workload (examples/NAME/b1, deployed
#      by the bench, every answer checked against the bundle's reference within the dtype
#      bound): the first invocation's stages and MODELS_PLACEMENTS placements of a copy of the
#      weight set on a running worker, a low-load point, an adaptive sweep, and a closed loop of
#      one connection (the serial p50, with the kernel stage as the GPU path). The report's
#      "Models" section checks: GPU path <= 1.2x torch.compile reduce-overhead bf16 b1 and below
#      eager fp32 b1; serial p50 <= GPU path + 150 us; placement <= 5 ms. The bundles'
#      weights.safetensors are not committed: regenerate them first (the step refuses without);
#   5. the cross-check against vegeta at rates below saturation, on matmul (where the clients'
#      own costs are a large part of the latency) and on inference with 100 and 500 repetitions
#      (where the server's time is: about 1.2 and 6 ms): in interleaved rounds, the bench with
#      its default client (fasthttp), the bench with net/http's (vegeta's HTTP stack) and vegeta,
#      each for max(VEGETA_DUR, VEGETA_MIN_SAMPLES/rate) per rate (the extension capped at
#      VEGETA_MAX_DUR), and all three against the echo server for VEGETA_DUR;
#   6. gpufn bench report: plots (SVG, PNG), summary.md with the targets, printed at the end.
#
# Results go to $RESULTS (default results/bench-DATE-MACHINE). When $OUT is set (the device
# tool brings back at most 8 files from it), the directory is also packed into
# $OUT/bench-DATE-MACHINE.tar.gz, with summary.md and the log beside it. Keep results by
# copying the PNGs and summary.md to docs/results/bench-DATE-MACHINE/.
#
# Steps and their time on one H100 with 16 cores (estimates from the 2026-11-25 logs, plus
# FIGURE_POINTS-1 runs and a closed loop per system; say which step took how long in the log's
# "=== [Ns]" lines):
#   floor        ~30 s      the HTTP floor
#   matmul       ~5 min     9 systems, ~32 s each
#   inf1         ~2.8 min   5 systems
#   inf500       ~2.4 min   4 systems
#   cold         ~3 min     4 systems; COLD_RATE x COLD_DUR / 2 cold copies each, compiled at upload
#   dandelion    ~1 min + the registration of DANDELION_N libraries (each a PTX compiled at upload:
#                at 20-50 ms a compile, 10,000 take 200-500 s of compile time, divided by the
#                server's compile workers: --compile-workers, default a quarter of the server's
#                CPUs, at most 4: 3 on 16 cores, SERVER_ARGS="--compile-workers 4" for more;
#                the log's "registered N functions in T" line says)
#   multigpu     ~1.5 min, on a host of two or more GPUs only
#   report       ~5 s
#   host ~25 s, gpufloor ~30 s, vegeta ~10 min: not run unless named in STEPS
#   models       not run unless named in STEPS; the PyTorch baseline compiles each model three
#                times (minutes each the first time; TORCHINDUCTOR_CACHE_DIR keeps the
#                compiled code for the next run), then ~1 min per model and system. A call per
#                model, into one RESULTS (the PyTorch files, torch-baseline-MODEL.json, add up):
#                  RESULTS=results/models STEPS="models report" MODELS=resnet18 scripts/gpu-bench.sh
#                  RESULTS=results/models STEPS="models report" MODELS=bert scripts/gpu-bench.sh
#                (TORCH_BASELINE=0 skips the PyTorch part)
# One device call runs at most 10 minutes: split the default steps over two calls, e.g.
#   STEPS="floor matmul cold report" scripts/gpu-bench.sh          (~6.5 min)
#   STEPS="inf1 inf500 dandelion report" scripts/gpu-bench.sh      (~6 min + the registration)
# then unpack both calls' $OUT tarballs into one directory (same name on the same day and
# machine) and run `bin/gpufn bench report DIR` over it once.
#
# Knobs (environment):
#   STEPS="floor matmul inf1 inf500 cold dandelion multigpu report"   the steps to run (add host, models,
#                          gpufloor, vegeta for those); SKIP (below) takes steps out of them
#   DEVICE=cuda            device of every gpufn and baseline server
#   DUR=1s                 each sweep step's measured run; WARMUP=300ms before it, SETTLE=300ms after
#   PRECISION=0.1          the bisection stops when (failed - held) / held is below this
#   LOW_RATE=25 LOW_DUR=3s the low-load point of every system (and the paced floors)
#   MATMUL_SYSTEMS=seq,seq-nopipe,seq-spin,c2-mps,c4-mps,c8-mps,c4-nomps,cpu,baseline
#   INF1_SYSTEMS=seq,seq-nopipe,c4-mps,c8-mps,baseline  INF500_SYSTEMS=seq,c4-mps,c8-mps,baseline
#   MATMUL_START=4000 INF1_START=4000 INF500_START=50   first rate of each sweep
#   GPU_FLOOR_WORKLOADS=matmul,inference-r1,inference-r100,inference-r500 GPU_FLOOR_ITERS=2000
#   HOST_N=500             samples of each host probe (step 0)
#   FIGURE_POINTS=4        after each sweep, rates peak/4, 2 peak/4, 3 peak/4 for the plots (0: none)
#   CLOSED_CONNS=64        connections of each system's closed loop and of the echo floor's (0: none)
#   SLO_P99=               a p99 bound for every system instead of 10x its own low-load p99
#   COLD_SYSTEMS=seq,c4-mps,seq-nopreload,c4-mps-nopreload COLD_RATE=20 COLD_DUR=25s
#                          half the requests cold (250 cold, 250 hot:
#                          with 100 of each, as before, the p99 was the second-largest sample and
#                          moved 2-9 ms between two H100 runs of the same build)
#   DANDELION_SYSTEM=c4-mps DANDELION_N=10000 DANDELION_HOT=100 DANDELION_HOT_PERCENT=97
#   DANDELION_START=4000 DANDELION_PARALLEL=32 DANDELION_FIGURE=5   the dandelion step
#   VEGETA_CHECKS="matmul@25,500,2000 inference-r100@25,200 inference-r500@25,50"   workload@rates
#                          of each cross-check (rates well below gpufn-seq's saturation: about 800/s
#                          for 100 repetitions, 160/s for 500)
#   VEGETA_DUR=6s          each tool's shortest measured time per rate (and the echo runs' time)
#   VEGETA_MIN_SAMPLES=2000 VEGETA_MAX_DUR=30s   a rate's time per tool is extended to
#                          VEGETA_MIN_SAMPLES/rate, but to no more than VEGETA_MAX_DUR, so that p99
#                          rests on enough samples (at 25/s: 750 in 30 s; VEGETA_MAX_DUR=80s for
#                          2000, about 8 more minutes); VEGETA_MIN_SAMPLES=0: VEGETA_DUR only
#   VEGETA_ROUNDS=8        rounds per rate: the tools take turns this many times, each turn a
#                          VEGETA_ROUNDS-th of their time, so that a spell of host noise falls on
#                          all of them alike (more rounds: finer interleaving, one vegeta start each)
#   VEGETA_REPLAY_ONLY=    set (e.g. 1): the bench runs only on vegeta's send times, not on its own
#                          schedule with each client: half the time, for many samples at low rates
#   VEGETA_ARGS=           vegeta attack options replacing the bench's defaults (-http2=false -max-body=0)
#   VEGETA_ENV=            KEY=VALUE ... added to vegeta's environment (e.g. GOGC=400)
#   SPIN_WAIT=10ms         the client polls its socket for an answer this long before parking, for
#                          the floor's latencies and every low-load point (not the sweeps, the floor's
#                          closed loop or the vegeta check); 0 turns it off; default 0 when the bench
#                          and the servers are not pinned to separate cores (docs/bench.md,
#                          "Spin-waiting for answers")
#   CONN_BUFFER=           the client's per-connection buffer in bytes (default: the bench's, 4096)
#   SERVER_ARGS="--max-connections-per-ip=0"   arguments added to every gpufn serve: by default
#                          the per-client connection cap is lifted, since the load generator is one
#                          client and an open-loop run near saturation keeps a connection per
#                          request in flight (set SERVER_ARGS= for the server's defaults; a NAME@PATH
#                          system of a build without the flag needs it empty)
#   PROFILE=               set (e.g. PROFILE=1) to write a CPU profile of the bench process of each
#                          step to $RESULTS/profiles/STEP.pprof (go tool pprof bin/gpufn FILE)
#   SERVER_CPUS, BENCH_CPUS  taskset lists keeping servers and load generator on separate
#                          cores (default on 12 or more cores: the last quarter for the bench;
#                          SERVER_CPUS= (empty) turns pinning off)
#   MULTI_SYSTEMS=c4-mps-gpu0,c4-mps MULTI_MATMUL_START=8000 MULTI_INF500_START=200   step 4c
#   SKIP="host floor gpufloor matmul inf1 inf500 cold dandelion multigpu vegeta"  steps to leave out
#   MODELS="resnet18 bert" MODELS_SYSTEMS=seq,c4-mps MODELS_START=250 MODELS_PLACEMENTS=5
#   TORCH_BASELINE=1 PYTHON=python3 TORCH_SECONDS=2   the models step (4d)
#   MACHINE=label          name in the results (default: host name and GPU)
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin}

if [ "${1:-}" = build-vegeta ]; then
	# `go install github.com/tsenart/vegeta/v12@v12.12.0` is the usual way; behind a module
	# proxy that refuses the module's version list (as here: 403 on @v/list, which go install
	# reads for deprecation notices) it fails, while fetching the pinned version works. So
	# build it from a throw-away module.
	set -e
	root=$PWD
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && go mod init vegetatmp >/dev/null 2>&1 &&
		go get github.com/tsenart/vegeta/v12@v12.12.0 &&
		CGO_ENABLED=0 go build -ldflags "-s -w -X main.Version=v12.12.0" -o "$root/$BIN/vegeta" github.com/tsenart/vegeta/v12)
	"$root/$BIN/vegeta" -version | head -1
	exit 0
fi

DEVICE=${DEVICE:-cuda}
DUR=${DUR:-1s}
WARMUP=${WARMUP:-300ms}
SETTLE=${SETTLE:-300ms}
PRECISION=${PRECISION:-0.1}
LOW_RATE=${LOW_RATE:-25}
LOW_DUR=${LOW_DUR:-3s}
MATMUL_SYSTEMS=${MATMUL_SYSTEMS:-seq,seq-nopipe,seq-spin,c2-mps,c4-mps,c8-mps,c4-nomps,cpu,baseline}
INF1_SYSTEMS=${INF1_SYSTEMS:-seq,seq-nopipe,c4-mps,c8-mps,baseline}
INF500_SYSTEMS=${INF500_SYSTEMS:-seq,c4-mps,c8-mps,baseline}
MATMUL_START=${MATMUL_START:-4000}
INF1_START=${INF1_START:-4000}
INF500_START=${INF500_START:-50}
GPU_FLOOR_WORKLOADS=${GPU_FLOOR_WORKLOADS:-matmul,inference-r1,inference-r100,inference-r500}
GPU_FLOOR_ITERS=${GPU_FLOOR_ITERS:-2000}
COLD_SYSTEMS=${COLD_SYSTEMS:-seq,c4-mps,seq-nopreload,c4-mps-nopreload}
COLD_RATE=${COLD_RATE:-20}
COLD_DUR=${COLD_DUR:-25s}
FIGURE_POINTS=${FIGURE_POINTS:-4}
CLOSED_CONNS=${CLOSED_CONNS:-64}
SLO_P99=${SLO_P99:-}
DANDELION_SYSTEM=${DANDELION_SYSTEM:-c4-mps}
DANDELION_N=${DANDELION_N:-10000}
DANDELION_HOT=${DANDELION_HOT:-100}
DANDELION_HOT_PERCENT=${DANDELION_HOT_PERCENT:-97}
DANDELION_START=${DANDELION_START:-4000}
DANDELION_PARALLEL=${DANDELION_PARALLEL:-32}
DANDELION_FIGURE=${DANDELION_FIGURE:-5}
MULTI_SYSTEMS=${MULTI_SYSTEMS:-c4-mps-gpu0,c4-mps}
MULTI_MATMUL_START=${MULTI_MATMUL_START:-8000}
MULTI_INF500_START=${MULTI_INF500_START:-200}
STEPS=${STEPS:-floor matmul inf1 inf500 cold dandelion multigpu report}
MODELS=${MODELS:-resnet18 bert}
MODELS_SYSTEMS=${MODELS_SYSTEMS:-seq,c4-mps}
MODELS_START=${MODELS_START:-250}
MODELS_PLACEMENTS=${MODELS_PLACEMENTS:-5}
TORCH_BASELINE=${TORCH_BASELINE:-1}
TORCH_SECONDS=${TORCH_SECONDS:-2}
PYTHON=${PYTHON:-python3}
HOST_N=${HOST_N:-500}
VEGETA_CHECKS=${VEGETA_CHECKS:-matmul@${VEGETA_RATES:-25,500,2000} inference-r100@25,200 inference-r500@25,50}
VEGETA_DUR=${VEGETA_DUR:-6s}
VEGETA_MIN_SAMPLES=${VEGETA_MIN_SAMPLES:-2000}
VEGETA_MAX_DUR=${VEGETA_MAX_DUR:-30s}
VEGETA_ROUNDS=${VEGETA_ROUNDS:-8}
VEGETA_REPLAY_ONLY=${VEGETA_REPLAY_ONLY:-}
VEGETA_ARGS=${VEGETA_ARGS:-}
VEGETA_ENV=${VEGETA_ENV:-}
CONN_BUFFER=${CONN_BUFFER:-}
SERVER_ARGS=${SERVER_ARGS---max-connections-per-ip=0}
PROFILE=${PROFILE:-}
SKIP=${SKIP:-}
ncpu=$(nproc)
if [ -z "${SERVER_CPUS+set}" ] && [ "$ncpu" -ge 12 ] && command -v taskset >/dev/null; then
	q=$((ncpu / 4))
	SERVER_CPUS=0-$((ncpu - q - 1))
	BENCH_CPUS=${BENCH_CPUS:-$((ncpu - q))-$((ncpu - 1))}
fi
SERVER_CPUS=${SERVER_CPUS:-}
BENCH_CPUS=${BENCH_CPUS:-}
# Spin-waiting for answers is on by default only where the bench has cores of its own: a
# spinning client on the servers' cores would take their CPU.
if [ -n "$SERVER_CPUS" ]; then SPIN_WAIT=${SPIN_WAIT:-10ms}; else SPIN_WAIT=${SPIN_WAIT:-0}; fi
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
MACHINE=${MACHINE:-$(hostname -s)${gpu:+-$gpu}}
DATE=$(date -u +%Y-%m-%d)
RESULTS=${RESULTS:-results/bench-$DATE-$MACHINE}
mkdir -p "$RESULTS"
log=$RESULTS/gpu-bench.log
: >"$log"
GPUFN=$BIN/gpufn
VEGETA=${VEGETA:-$BIN/vegeta}
status=0
t0=$(date +%s)

skip() {
	case " $SKIP " in *" $1 "*) return 0 ;; esac
	case " $STEPS " in *" $1 "*) return 1 ;; esac
	return 0
}
step() {
	echo "=== [$(($(date +%s) - t0))s] $*" | tee -a "$log"
	"$@" 2>&1 | tee -a "$log"
	local rc=${PIPESTATUS[0]}
	echo "=== exit $rc" | tee -a "$log"
	[ "$rc" -eq 0 ] || status=1
}
# The load generator on its cores, the servers (and the GPU floor) on theirs.
bench=("$GPUFN" bench)
pin_server=()
server_cpus=()
if [ -n "$SERVER_CPUS" ]; then
	bench=(taskset -c "$BENCH_CPUS" "$GPUFN" bench)
	pin_server=(taskset -c "$SERVER_CPUS")
	server_cpus=(--server-cpus "$SERVER_CPUS")
fi
# The client's options, for every step that sends load.
client=()
[ -n "$CONN_BUFFER" ] && client+=(--conn-buffer "$CONN_BUFFER")
server_args=()
for a in $SERVER_ARGS; do server_args+=(--server-arg "$a"); done
# prof NAME: the --cpuprofile option of a step when PROFILE is set.
prof() { [ -n "$PROFILE" ] && mkdir -p "$RESULTS/profiles" && echo "--cpuprofile=$RESULTS/profiles/$1.pprof"; }
common=(--device "$DEVICE" --gpufn "$GPUFN" --baseline "$BIN/gpufn-baseline" --machine "$MACHINE" "${server_cpus[@]}" "${server_args[@]}"
	--duration "$DUR" --warmup "$WARMUP" --settle "$SETTLE" --precision "$PRECISION"
	--low-rate "$LOW_RATE" --low-duration "$LOW_DUR" --low-spin-wait "$SPIN_WAIT" "${client[@]}"
	--sweep adaptive --progress lines --out "$RESULTS")
# The holding rule (errors, achieved rate, p99 bound, no growing queue: the bench's defaults)
# and the evenly spaced rates for the plots.
rule=(--figure-points "$FIGURE_POINTS")
[ -n "$SLO_P99" ] && rule+=(--slo-p99 "$SLO_P99")
# The floor's echo server runs as a process of its own, pinned like the servers, so that the
# closed loop measures the load generator alone on its CPUs.
echo_server=(--echo-process)
[ -n "$SERVER_CPUS" ] && echo_server=(--server-cpus "$SERVER_CPUS")

{
	nvidia-smi --query-gpu=name,driver_version,memory.total,compute_mode,clocks.max.sm --format=csv 2>&1
	echo "cpus: $ncpu; servers on: ${SERVER_CPUS:-any}; bench on: ${BENCH_CPUS:-any}; client spin-wait at low load: $SPIN_WAIT"
} | tee -a "$log"
# cpulist LIST: the CPUs of a taskset list ("0-11", "12,14", "0-3,8"), one per word.
cpulist() {
	local r out=()
	for r in ${1//,/ }; do
		if [[ $r == *-* ]]; then out+=($(seq "${r%-*}" "${r#*-}")); else out+=("$r"); fi
	done
	echo "${out[@]}"
}
# host_probe: the wake-up probes at once, each between a CPU of the bench's and one of the
# servers' (taken in turn from each list; when they are not split, from all CPUs, the second
# end half the CPUs away from the first).
host_probe() {
	local bc sc off=0
	if [ -n "$BENCH_CPUS" ] && [ -n "$SERVER_CPUS" ]; then
		read -ra bc <<<"$(cpulist "$BENCH_CPUS")"
		read -ra sc <<<"$(cpulist "$SERVER_CPUS")"
	else
		read -ra bc <<<"$(cpulist "0-$((ncpu - 1))")"
		sc=("${bc[@]}") off=$((ncpu / 2))
	fi
	b() { echo "${bc[$(($1 % ${#bc[@]}))]}"; }
	s() { echo "${sc[$((($1 + off) % ${#sc[@]}))]}"; }
	local wp=$BIN/wakeprobe rate=$LOW_RATE n=$HOST_N d pids=() rc=0
	d=$(mktemp -d)
	"$wp" sleep -cpus "$(b 0),$(s 0)" -rate "$rate" -n "$n" >"$d/1" 2>&1 &
	pids+=($!)
	"$wp" pipe -cpu "$(b 1)" -peer "$(s 1)" -rate "$rate" -n "$n" >"$d/2" 2>&1 &
	pids+=($!)
	"$wp" tcp -size 131072 -cpu "$(b 2)" -peer "$(s 2)" -rate "$rate" -n "$n" >"$d/3" 2>&1 &
	pids+=($!)
	"$wp" tcp -net -size 131072 -cpu "$(b 3)" -peer "$(s 3)" -rate "$rate" -n "$n" >"$d/4" 2>&1 &
	pids+=($!)
	local p
	for p in "${pids[@]}"; do wait "$p" || rc=1; done
	cat "$d"/1 "$d"/2 "$d"/3 "$d"/4 | tee "$RESULTS/host-probe.log"
	rm -rf "$d"
	return $rc
}
if ! skip host; then
	if [ -x "$BIN/wakeprobe" ]; then
		step host_probe
	else
		echo "=== host: no $BIN/wakeprobe (make gpu-build builds it)" | tee -a "$log"
	fi
fi
skip floor || step "${bench[@]}" floor --workloads matmul,inference-r1,inference-r500 --rate "$LOW_RATE" "${echo_server[@]}" \
	--spin-wait "$SPIN_WAIT" "${client[@]}" $(prof floor) --machine "$MACHINE" --out "$RESULTS"
skip gpufloor || step "${pin_server[@]}" "$BIN/gpufn-baseline" --floor --device "$DEVICE" --floor-workloads "$GPU_FLOOR_WORKLOADS" \
	--floor-iterations "$GPU_FLOOR_ITERS" --floor-max-time 12s --floor-rate "$LOW_RATE" --machine "$MACHINE" --out "$RESULTS/gpu-floor.json"
skip matmul || step "${bench[@]}" compare "${common[@]}" "${rule[@]}" --closed-loop "$CLOSED_CONNS" $(prof matmul) --workload matmul --systems "$MATMUL_SYSTEMS" --start "$MATMUL_START"
skip inf1 || step "${bench[@]}" compare "${common[@]}" "${rule[@]}" --closed-loop "$CLOSED_CONNS" $(prof inf1) --workload inference-r1 --systems "$INF1_SYSTEMS" --start "$INF1_START"
skip inf500 || step "${bench[@]}" compare "${common[@]}" "${rule[@]}" --closed-loop "$CLOSED_CONNS" $(prof inf500) --workload inference-r500 --systems "$INF500_SYSTEMS" --start "$INF500_START"
# Cold beside hot in the same run: half the requests go each to a copy never invoked.
skip cold || step "${bench[@]}" compare "${common[@]}" $(prof cold) --workload matmul --systems "$COLD_SYSTEMS" --sweep none \
	--hot-percent 50 --low-rate "$COLD_RATE" --low-duration "$COLD_DUR" --parallel 32 --name matmul-n128-cold
skip dandelion || step "${bench[@]}" dandelion --device "$DEVICE" --gpufn "$GPUFN" --machine "$MACHINE" "${server_cpus[@]}" "${server_args[@]}" \
	--system "$DANDELION_SYSTEM" --workload matmul --functions "$DANDELION_N" --hot-set "$DANDELION_HOT" \
	--hot-percent "$DANDELION_HOT_PERCENT" --parallel "$DANDELION_PARALLEL" --start "$DANDELION_START" --figure-points "$DANDELION_FIGURE" \
	--duration "$DUR" --warmup "$WARMUP" --settle "$SETTLE" --precision "$PRECISION" --low-rate "$LOW_RATE" --low-duration "$LOW_DUR" \
	${SLO_P99:+--slo-p99 "$SLO_P99"} "${client[@]}" $(prof dandelion) --sweep adaptive --progress lines --out "$RESULTS"
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l)
if ! skip multigpu && [ "$gpus" -ge 2 ]; then
	step "${bench[@]}" compare "${common[@]}" "${rule[@]}" $(prof multi-matmul) --workload matmul --systems "$MULTI_SYSTEMS" --start "$MULTI_MATMUL_START" --name matmul-n128-gpus
	step "${bench[@]}" compare "${common[@]}" "${rule[@]}" $(prof multi-inf500) --workload inference-r500 --systems "$MULTI_SYSTEMS" --start "$MULTI_INF500_START" --name inference-r500-gpus
fi
# models_check: every bundle of MODELS is there with its weights (they are not committed).
models_check() {
	local m dir wfile rc=0
	for m in $MODELS; do
		dir=examples/$m/b1
		if [ ! -f "$dir/gpufn-bundle.json" ]; then
			echo "models: no bundle $dir (gpufn-bundle.json): export it first (docs/export.md)"
			rc=1
			continue
		fi
		wfile=$("$PYTHON" -c 'import json,sys; w=json.load(open(sys.argv[1])).get("weights"); print(w["file"] if w else "")' "$dir/gpufn-bundle.json" 2>/dev/null ||
			echo weights.safetensors)
		if [ -n "$wfile" ] && [ ! -f "$dir/$wfile" ]; then
			echo "models: $dir/$wfile is missing: the weights are not committed; regenerate them from the seed with the model's weight script (docs/export.md) before this step"
			rc=1
		fi
	done
	return $rc
}
if ! skip models; then
	if msgs=$(models_check); then
		if [ "$TORCH_BASELINE" = 1 ]; then
			step "${pin_server[@]}" "$PYTHON" scripts/torch-baseline.py --models "$(echo $MODELS | tr ' ' ,)" --seconds "$TORCH_SECONDS" \
				--out "$RESULTS/torch-baseline-$(echo $MODELS | tr ' ' -).json"
		fi
		for m in $MODELS; do
			step "${bench[@]}" compare "${common[@]}" --closed-loop 1 --placements "$MODELS_PLACEMENTS" $(prof "model-$m") \
				--workload "$m" --systems "$MODELS_SYSTEMS" --start "$MODELS_START"
		done
	else
		echo "$msgs" | tee -a "$log"
		echo "=== models: not run" | tee -a "$log"
		status=1
	fi
fi
if ! skip vegeta; then
	if [ ! -x "$VEGETA" ] && command -v vegeta >/dev/null; then
		VEGETA=$(command -v vegeta)
	fi
	if [ -x "$VEGETA" ]; then
		# vegeta runs where the bench runs (on BENCH_CPUS), against the same kind of server; the
		# bench does not spin-wait here, as vegeta cannot: the check compares the methods. The
		# bench runs with its default client and with net/http's in the same rounds.
		vargs=()
		for a in $VEGETA_ARGS; do vargs+=(--vegeta-arg "$a"); done
		for e in $VEGETA_ENV; do vargs+=(--vegeta-env "$e"); done
		[ -n "$VEGETA_REPLAY_ONLY" ] && vargs+=(--replay-only)
		for check in $VEGETA_CHECKS; do
			wl=${check%%@*} rates=${check#*@}
			step "${bench[@]}" vegeta-check --vegeta "$VEGETA" --gpufn "$GPUFN" --device "$DEVICE" "${server_cpus[@]}" --system seq \
				--workload "$wl" --rates "$rates" --duration "$VEGETA_DUR" \
				--min-samples "$VEGETA_MIN_SAMPLES" --max-duration "$VEGETA_MAX_DUR" --rounds "$VEGETA_ROUNDS" --warmup 1s "${vargs[@]}" "${client[@]}" $(prof "vegeta-$wl") \
				--machine "$MACHINE" --progress off --out "$RESULTS"
		done
	else
		echo "=== vegeta: no $VEGETA and none on PATH; build it with scripts/gpu-bench.sh build-vegeta (needs Go) and copy it to $BIN/" | tee -a "$log"
	fi
fi
if ! skip report; then
	echo "=== [$(($(date +%s) - t0))s] report" | tee -a "$log"
	"$GPUFN" bench report "$RESULTS" >/dev/null 2>>"$log" || status=1
	# The highest rates under the rule before 2026-11-27 beside the current one, from these runs.
	"$GPUFN" bench report --rules "$RESULTS" >"$RESULTS/rules.md" 2>>"$log" || status=1
fi
cat "$RESULTS/summary.md" 2>/dev/null
if [ -n "${OUT:-}" ]; then
	mkdir -p "$OUT"
	tar czf "$OUT/$(basename "$RESULTS").tar.gz" -C "$(dirname "$RESULTS")" "$(basename "$RESULTS")"
	cp "$RESULTS/summary.md" "$OUT/summary.md" 2>/dev/null
	cp "$log" "$OUT/gpu-bench.log"
fi
echo "gpu-bench: results in $RESULTS after $(($(date +%s) - t0))s: $([ $status -eq 0 ] && echo OK || echo 'SOME STEPS FAILED')" | tee -a "$log"
exit $status
