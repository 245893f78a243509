#!/usr/bin/env bash
# Runs on the GPU machine: AOTInductor's slow compile (autotuning) of the example models into
# raw directories (tools/export/compile.py), several at once, each bounded, and packs each raw
# directory (wrapper.cpp, cubins, Triton metadata, reference pair; no weights) into $OUT.
#   JOBS="resnet18:1 bert:1" LIMIT_S=540 scripts/gpu-compile-models.sh
# A job is MODEL:BATCH[@LANE]; the jobs of one lane (by default, the model's) run one after another
# and share an Inductor cache; lanes run in parallel.
set -u
OUT=${OUT:-out}
JOBS=${JOBS:-"resnet18:1 bert:1"}
LIMIT_S=${LIMIT_S:-540}
DTYPE=${DTYPE:-bf16}
START=$(date +%s)
mkdir -p "$OUT" raw
lane() {  # lane name, model, batches...
  local lname=$1 model=$2; shift 2
  export TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-$lname
  for b in "$@"; do
    local left=$(( LIMIT_S - ($(date +%s) - START) ))
    if [ "$left" -lt 30 ]; then echo "$model b$b: no time left" >>"$OUT/compile.log"; break; fi
    local dir=raw/$model-$DTYPE-b$b
    echo "$model b$b: start, ${left}s left" >>"$OUT/compile.log"
    if timeout "$left" python -m tools.export compile "$model" --dtype "$DTYPE" --batch "$b" --out "$dir" >"$dir.log" 2>&1; then
      echo "$model b$b: ok" >>"$OUT/compile.log"
    else
      echo "$model b$b: FAILED rc=$?" >>"$OUT/compile.log"
    fi
    tail -c 6000 "$dir.log" >"$OUT/$model-b$b.log"
    [ -d "$dir" ] && tar -czf "$OUT/$model-$DTYPE-b$b.tgz" --exclude package -C raw "$model-$DTYPE-b$b"
  done
}
declare -A lanes models
for j in $JOBS; do
  m=${j%%:*}; rest=${j#*:}; b=${rest%%@*}; l=$m; [ "$rest" != "$b" ] && l=${rest#*@}
  lanes[$l]="${lanes[$l]:-} $b"; models[$l]=$m
done
for l in "${!lanes[@]}"; do lane "$l" "${models[$l]}" ${lanes[$l]} & done
wait
ls -la "$OUT" >>"$OUT/compile.log"
cat "$OUT/compile.log"
