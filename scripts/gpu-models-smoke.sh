#!/usr/bin/env bash
# GPU machine: the example model bundles deployed and checked against eager PyTorch's reference
# on both engines (bin/gpufn from make gpu-build; weights regenerated first).
set -u
OUT=${OUT:-out}; mkdir -p "$OUT"
PORT=${PORT:-8090}
scripts/model-weights.sh ${BUNDLES:-examples/resnet18/b1 examples/bert/b1}
for eng in ${ENGINES:-sequential concurrent}; do
  rm -rf /tmp/gpufn-data-$eng
  bin/gpufn serve --listen 127.0.0.1:$PORT --device cuda --engine "$eng" --max-body-bytes 512MiB \
    --data-dir /tmp/gpufn-data-$eng >"$OUT/serve-$eng.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
  for b in ${BUNDLES:-examples/resnet18/b1 examples/bert/b1}; do
    echo "== $eng $b"
    timeout 120 bin/gpufn deploy --url "http://127.0.0.1:$PORT" --check "$b" 2>&1 | tail -5
  done
  curl -s "http://127.0.0.1:$PORT/v1/engines" | head -c 3000; echo
  kill $pid; wait $pid
done
