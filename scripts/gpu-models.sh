#!/usr/bin/env bash
# Runs ON THE GPU MACHINE, from the repository root, with bin/gpufn from `make gpu-build`: the
# example models end to end (docs/export.md, docs/batching.md). Parts, in order (PARTS):
#   weights   regenerate the example bundles' weights from their seeds (scripts/model-weights.sh)
#             and make each model's batched bundle (examples/MODEL/batched: b1 with the variants
#             exported beside it, examples/MODEL/bN; ResNet-18 b4, b16, b32; BERT b8, b16, b32)
#   check     run each batch-1 bundle with the exporter's own executor (tools/export/check.py,
#             cuda-python) against eager PyTorch's reference
#   deploy    serve on the sequential and on the concurrent engine; gpufn deploy --check each
#             bundle (its outputs compared with the reference within the dtype bound); then
#             SIGKILL the server, start it again on the same data dir and check each bundle
#             again with nothing uploaded (gpufn deploy --check-only)
#   torch     PyTorch's latency and throughput for the same models (scripts/torch-baseline.py)
#   models    the bench's bundle workloads on seq, c4-mps, seq-wspin and seq-spin (MODELS_SYSTEMS):
#             first invocation's stages, placements of the weight set, a low-load point and a
#             closed loop of one connection (the serial check; -wspin and -spin show how much of
#             its overhead is the worker's wake-up, docs/engines.md "Polling")
#   batching  a batched bundle (BATCH_MODEL, default resnet18) on cN-mps (BATCH_WORKERS, default
#             4), open loop, with and without batching (BATCH_MODES, default "on off"), each its
#             own result file (BATCH_SERVE_ARGS: more serve flags, then named by BATCH_TAG); after
#             each search BATCH_FIGURE-1 evenly spaced rates up to the highest held (default 5:
#             20, 40, 60 and 80% of it, the last the 80% point of docs/batching.md)
# Each part is bounded (PART_LIMIT seconds); everything lands in $OUT/models.log and
# $OUT/models-results.tgz, written again after each part, so that a call cut short still
# brings back what was done.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpu-models}
mkdir -p "$OUT"
PARTS=${PARTS:-weights check deploy torch models batching}
MODELS=${MODELS:-resnet18 bert}            # weights, check, deploy
BENCH_MODELS=${BENCH_MODELS:-$MODELS}       # torch, models
PART_LIMIT=${PART_LIMIT:-300}
BATCH_LIMIT=${BATCH_LIMIT:-$PART_LIMIT}    # each batching sweep
BATCH_WORKERS=${BATCH_WORKERS:-4}          # the batching sweeps' server: cN-mps
BATCH_MODEL=${BATCH_MODEL:-resnet18}       # the batching sweeps' model (examples/BATCH_MODEL/batched)
BATCH_MODES=${BATCH_MODES:-on off}         # the batching sweeps, in order
R=${RESULTS:-results/models}
PORT=${PORT:-8090}
mkdir -p "$R"
# As scripts/gpu-bench.sh: on 12 cores or more, the servers (and their workers) on the first
# three quarters of the cores, the load generator on the rest, so that the two do not take
# each other's CPU; the serial loop's client then spin-waits for its answers (SPIN_WAIT, the
# bench's --low-spin-wait: its own wake-up stays out of the latency). SERVER_CPUS= (empty)
# turns pinning off.
ncpu=$(nproc)
if [ -z "${SERVER_CPUS+set}" ] && [ "$ncpu" -ge 12 ] && command -v taskset >/dev/null; then
	q=$((ncpu / 4))
	SERVER_CPUS=0-$((ncpu - q - 1))
	BENCH_CPUS=${BENCH_CPUS:-$((ncpu - q))-$((ncpu - 1))}
fi
SERVER_CPUS=${SERVER_CPUS:-} BENCH_CPUS=${BENCH_CPUS:-}
if [ -n "$SERVER_CPUS" ] && [ -z "$BENCH_CPUS" ]; then
	echo "gpu-models: SERVER_CPUS=$SERVER_CPUS without BENCH_CPUS: give the bench its CPUs too (or SERVER_CPUS= for no pinning)" >&2
	exit 2
fi
PIN_SERVER="" PIN_BENCH="" SERVER_CPUS_ARG=""
if [ -n "$SERVER_CPUS" ]; then
	PIN_SERVER="taskset -c $SERVER_CPUS" PIN_BENCH="taskset -c $BENCH_CPUS" SERVER_CPUS_ARG="--server-cpus $SERVER_CPUS"
	SPIN_WAIT=${SPIN_WAIT:-10ms}
else
	SPIN_WAIT=${SPIN_WAIT:-0}
fi
log=$OUT/models.log
status=0
pack() { tar czf "$OUT/models-results.tgz" -C "$(dirname "$R")" "$(basename "$R")" 2>/dev/null; }
part() {  # name, command (a program or a function of this script), bounded by PART_LIMIT
	local name=$1; shift
	echo "=== $name: $* ($(date +%T))" | tee -a "$log"
	# (the part's own shell gets pipefail too: a failing command piped into grep fails the part)
	timeout "$PART_LIMIT" bash -o pipefail -c '"$@"' part "$@" 2>&1 | tee -a "$log"
	local rc=${PIPESTATUS[0]}
	# a part cut short by its timeout leaves its server behind: stop it before the next part
	[ -f /tmp/gpufn-models.pid ] && kill "$(cat /tmp/gpufn-models.pid)" 2>/dev/null && sleep 1
	rm -f /tmp/gpufn-models.pid
	echo "=== exit $rc: $name ($(date +%T))" | tee -a "$log"
	[ "$rc" -eq 0 ] || status=1
	pack
}
has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
serve() {  # engine, data dir, more serve flags: a server on $PORT, waited for
	$PIN_SERVER bin/gpufn serve --listen 127.0.0.1:$PORT --device cuda --engine "$1" --max-body-bytes 1GiB "${@:3}" \
		--data-dir "$2" >>"$R/serve-$1.log" 2>&1 &
	echo $! >/tmp/gpufn-models.pid
	for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && return 0; sleep 0.2; done
	echo "the server did not come up"; return 1
}
unserve() { kill "$(cat /tmp/gpufn-models.pid)" 2>/dev/null; wait "$(cat /tmp/gpufn-models.pid)" 2>/dev/null; }
bundles() { for m in $MODELS; do echo "examples/$m/b1"; done; }
# variants [MODEL]: the batch variants exported beside each model's b1 (examples/MODEL/bN, N > 1)
variants() {
	local m d
	for m in ${1:-$MODELS}; do
		for d in examples/$m/b[0-9]*/; do
			d=${d%/}
			[ "$d" != "examples/$m/b1" ] && [ -f "$d/export.json" ] && echo "$d"
		done
	done
}

nvidia-smi --query-gpu=name,driver_version,compute_mode --format=csv | tee -a "$log"
echo "cpus: $ncpu; servers on: ${SERVER_CPUS:-any}; bench on: ${BENCH_CPUS:-any}; serial client spin-wait: $SPIN_WAIT" | tee -a "$log"
export PORT R MODELS BENCH_MODELS PIN_SERVER PIN_BENCH BATCH_WORKERS BATCH_MODEL
# batched: the batched bundles of MODELS that the weights part made
batched() { local m; for m in $MODELS; do [ -f "examples/$m/batched/gpufn-bundle.json" ] && echo "examples/$m/batched"; done; }
export -f serve unserve bundles variants batched
if has weights; then
	part weights scripts/model-weights.sh $(bundles) $(variants)
	for m in $MODELS; do
		[ -n "$(variants "$m")" ] && part "batched $m" python3 -m tools.export batch --out "examples/$m/batched" "examples/$m/b1" $(variants "$m")
	done
fi
if has check; then
	for b in $(bundles); do part "check $b" python3 -m tools.export.check "$b" --repeat 50; done
fi
deploy_all() {
	local eng=$1 b rt=/tmp/gpufn-models-rt-$eng
	rm -rf "$rt" "$rt-2"
	serve "$eng" "/tmp/gpufn-data-$eng" --runtime-dir "$rt" || return 1
	for b in $(bundles) $(batched); do
		echo "--- $eng: gpufn deploy --check $b"
		bin/gpufn deploy --url "http://127.0.0.1:$PORT" --check "$b" 2>&1 | { grep -v "^PUT /v1/libraries/" || true; } || { unserve; return 1; }
	done
	curl -s "http://127.0.0.1:$PORT/v1/engines" >"$R/engines-$eng.json"
	# SIGKILL, start again on the same data dir: every bundle answers its reference again,
	# with nothing uploaded (weight sets, libraries and functions came back from the disk).
	# A SIGKILLed server leaves its MPS control daemon running: stop it, and start the new
	# server with a runtime directory of its own. (The batched bundle's function has b1's name,
	# so after its deploy the b1 checks invoke the batched function, alone.)
	kill -9 "$(cat /tmp/gpufn-models.pid)"; wait "$(cat /tmp/gpufn-models.pid)" 2>/dev/null
	if [ -e "$rt/mps-pipe/control" ] && command -v nvidia-cuda-mps-control >/dev/null; then
		echo quit | CUDA_MPS_PIPE_DIRECTORY="$rt/mps-pipe" nvidia-cuda-mps-control
	fi
	serve "$eng" "/tmp/gpufn-data-$eng" --runtime-dir "$rt-2" || return 1
	for b in $(bundles) $(batched); do
		echo "--- $eng, after a SIGKILL restart: gpufn deploy --check-only $b"
		bin/gpufn deploy --url "http://127.0.0.1:$PORT" --check-only "$b" || { unserve; return 1; }
	done
	unserve
}
export -f deploy_all
if has deploy; then
	for eng in sequential concurrent; do rm -rf "/tmp/gpufn-data-$eng"; part "deploy $eng" deploy_all "$eng"; done
fi
if has torch; then
	part torch $PIN_SERVER python3 scripts/torch-baseline.py --models "$(echo $BENCH_MODELS | tr ' ' ,)" --seconds "${TORCH_SECONDS:-1}" ${TORCH_CONFIGS:+--configs "$TORCH_CONFIGS"} \
		--out "$R/torch-baseline-$(echo $BENCH_MODELS | tr ' ' -).json"
fi
if has models; then
	for m in $BENCH_MODELS; do
		part "models $m" $PIN_BENCH bin/gpufn bench compare --device cuda --gpufn bin/gpufn --machine "$(hostname)" $SERVER_CPUS_ARG \
			--workload "$m" --systems "${MODELS_SYSTEMS:-seq,c4-mps,seq-wspin,seq-spin}" --sweep none --low-rate 25 --low-duration 3s --low-spin-wait "$SPIN_WAIT" \
			--closed-loop 1 --duration 3s --placements 5 --progress lines --out "$R"
	done
fi
batching_sweep() {  # on|off
	local sys=c${BATCH_WORKERS}-mps${BATCH_TAG:+-$BATCH_TAG}-batching-$1
	# shellcheck disable=SC2086 # BATCH_SERVE_ARGS: more serve flags, word-split
	serve concurrent /tmp/gpufn-data-batching --workers "$BATCH_WORKERS" --mps on ${BATCH_SERVE_ARGS:-} || return 1
	$PIN_BENCH bin/gpufn bench sweep --url "http://127.0.0.1:$PORT" --workload "bundle:examples/$BATCH_MODEL/batched" \
		--batching "$1" --system "$sys" --name "bundle-$BATCH_MODEL-$sys" --sweep adaptive --start "${BATCH_START:-500}" \
		--low-rate 25 --duration "${BATCH_DUR:-3s}" --figure-points "${BATCH_FIGURE:-5}" --placements 0 --progress lines --out "$R"  # placements: the models part
	local rc=$?
	curl -s "http://127.0.0.1:$PORT/v1/engines" >"$R/engines-$sys.json"
	unserve
	return $rc
}
export -f batching_sweep
if has batching; then
	rm -rf /tmp/gpufn-data-batching
	for mode in $BATCH_MODES; do
		PART_LIMIT=$BATCH_LIMIT part "batching $mode ($BATCH_MODEL, c$BATCH_WORKERS-mps)" batching_sweep "$mode"
	done
fi
# The report reads the bench's files: only the torch, models and batching parts write them.
if has torch || has models || has batching; then
	part report bin/gpufn bench report "$R"
fi
echo "gpu-models: $([ $status -eq 0 ] && echo PASS || echo FAIL)" | tee -a "$log"
pack
exit $status
