#!/usr/bin/env bash
# Regenerates the example models' weight sets (examples/*/b*/weights.safetensors) from the seed
# each bundle's export.json records: the weights are not committed (ResNet-18 bf16 is 23 MB,
# BERT-base 220 MB). Needs python3 with torch, torchvision and transformers (the GPU machine);
# the model is built on the CPU from the seed, then moved to the GPU and cast to the bundle's
# dtype, as at export.
#   scripts/model-weights.sh [BUNDLE_DIR...]   (default: every examples/*/b*/ with an export.json)
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  for m in examples/*/b*/export.json; do dirs+=("$(dirname "$m")"); done
fi
# One process per bundle, in parallel (each builds its model on the CPU).
pids=()
for d in "${dirs[@]}"; do
  python3 -m tools.export weights "$d" >/dev/null &
  pids+=($!)
done
rc=0
for i in "${!dirs[@]}"; do
  d=${dirs[$i]}
  if wait "${pids[$i]}"; then
    echo "$d/weights.safetensors: $(stat -c %s "$d/weights.safetensors") bytes"
  else
    echo "$d: the weights could not be made"; rc=1
  fi
done
exit $rc
