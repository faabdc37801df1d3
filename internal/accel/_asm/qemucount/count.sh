#!/usr/bin/env bash
# count.sh prints, as a markdown table, the dynamic instruction counts per
# ML-KEM-768 and ML-DSA-65 operation under qemu-aarch64: the engine at
# Portable (-tags purego), NEON (-cpu cortex-a72, no SHA3) and NEON+SHA3
# (-cpu max), and Go's crypto/mlkem and crypto/mldsa. With -kernels it prints
# instead the instructions per call of the engine's kernels in each
# operation. Counts, not timings: see docs/PERFORMANCE.md.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/.." && go build -o "$tmp/qemucount" ./qemucount)
(cd "$root" && GOARCH=arm64 go build -o "$tmp/insncount" ./internal/accel/insncount \
  && GOARCH=arm64 go build -tags purego -o "$tmp/insncount.purego" ./internal/accel/insncount)
n=4
ops="mlkem768-keygen mlkem768-encaps mlkem768-decaps mldsa65-keygen mldsa65-sign mldsa65-verify"

# count CPU BINARY OP IMPL [qemucount flags]: the counter's output for n operations.
count() {
  local cpu=$1 bin=$2 op=$3 impl=$4; shift 4
  QEMU_CPU=$cpu GOGC=off GOMAXPROCS=1 qemu-aarch64-static -d in_asm,exec,nochain -D /dev/stderr \
    "$tmp/$bin" -op "$op" -impl "$impl" -n $n 2>&1 >/dev/null | "$tmp/qemucount" -markers "$@"
}
total() { count "$@" | awk -v n=$n '/^total/ { printf "%d", $2 / n }'; }

if [ "${1:-}" = "-kernels" ]; then
  for op in $ops; do
    for cfg in "max insncount neon+sha3" "cortex-a72 insncount neon" "max insncount.purego portable"; do
      set -- $cfg
      echo "### $op, $3 (instructions, calls, per call; $n operations)"
      count "$1" "$2" "$op" crystals -match 'accel/(mlkem|mldsa|keccak)\.|fips140/sha3' | sed -n '2,16p'
    done
  done
  exit 0
fi

echo "| operation | portable | NEON | NEON+SHA3 | crypto/ (stdlib) | NEON+SHA3 / portable |"
echo "|---|---:|---:|---:|---:|---:|"
for op in $ops; do
  p=$(total max insncount.purego "$op" crystals)
  a=$(total cortex-a72 insncount "$op" crystals)
  s=$(total max insncount "$op" crystals)
  std=$(total max insncount "$op" stdlib)
  echo "| $op | $p | $a | $s | $std | $(awk -v s=$s -v p=$p 'BEGIN { printf "%.2f", s / p }') |"
done
