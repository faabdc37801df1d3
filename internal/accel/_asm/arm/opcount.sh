#!/bin/sh
# opcount.sh [OPS...]: the dynamic instruction count per ML-KEM-768 and
# ML-DSA-65 operation on GOARCH=arm GOARM=7 under qemu-arm-static, as
# "op portable NEON stdlib": internal/accel/insncount runs n operations
# between its markers and qemucount -markers counts them, per function; the
# Go runtime's functions (but runtime.memmove and memclrNoHeapPointers) are
# left out, as in icount.sh, since its background work (netpoll, the
# scheduler) varies between runs. One binary: the NEON column runs under
# -cpu max, the portable one under -cpu cortex-r5f (ARMv7 without NEON,
# where the engine detects the portable level), the standard library's
# under -cpu max. ML-DSA signing is deterministic (SignDeterministic), so
# every column signs the same message with the same rejection rounds.
# Run from the repository root.
set -eu
export GOTOOLCHAIN=go1.27.3
n=${N:-4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd internal/accel/_asm && go build -o "$tmp/qemucount" ./qemucount)
GOARCH=arm GOARM=7 go build -o "$tmp/insncount" ./internal/accel/insncount
# count CPU OP IMPL: the instructions per operation outside the runtime.
count() {
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 qemu-arm-static -cpu "$1" -d in_asm,exec,nochain -D /dev/stderr \
		"$tmp/insncount" -op "$2" -impl "$3" -n "$n" 2>&1 >/dev/null | "$tmp/qemucount" -markers -match . |
		awk -v n="$n" '
			/^total/ { next }
			{
				name = $4
				if (name !~ /^(runtime|internal\/runtime|internal\/bytealg|internal\/abi|internal\/cpu|internal\/chacha8rand|sync\/atomic|type:|go:)/ ||
					name == "runtime.memmove" || name == "runtime.memclrNoHeapPointers") s += $1
			}
			END { printf "%d", s / n }'
}
[ $# -gt 0 ] || set -- mlkem768-keygen mlkem768-encaps mlkem768-decaps mldsa65-keygen mldsa65-sign mldsa65-verify
for op in "$@"; do
	echo "$op $(count cortex-r5f "$op" crystals) $(count max "$op" crystals) $(count max "$op" stdlib)"
done
