#!/bin/sh
# icount.sh PKG BENCH [N1 N2]: the dynamic instruction count of one iteration
# of benchmark BENCH (a -test.bench pattern matching one benchmark) of
# package PKG built for GOARCH=arm GOARM=7 (or of the test binary PKG, if it
# is a file), under qemu-arm-static -cpu max.
# It prints BENCH, the instructions, the NEON data-processing instructions
# among them, the D registers NEON loads and stores moved, and the NEON
# load and store instructions.
#
# qemu logs every translation block it executes (-d exec,nochain) and the
# instructions of each block when it translates it (-d in_asm); the sum of
# the executed blocks' sizes is the count. The log is restricted (-dfilter)
# to the code outside the Go runtime, plus runtime.memmove and
# runtime.memclrNoHeapPointers, so the runtime's start-up, scheduler and
# background threads stay out; GOGC=off keeps the collector out (allocation
# itself is not counted). Counting N1 and N2 iterations and dividing the
# difference by N2 − N1 cancels the setup and the benchmark's first round.
# With ICOUNT_FUNCS set to a regular expression, only the functions whose
# symbols match it are counted (a kernel without its caller's copies).
# Run from the repository root.
set -eu
export GOTOOLCHAIN=go1.27.3
pkg=$1 bench=$2 n1=${3:-100} n2=${4:-600}
log=$(mktemp /tmp/icount.XXXXXX)
trap 'rm -f "$log" "$log.test"' EXIT
if [ -f "$pkg" ]; then
	bin=$pkg # a test binary built before, for many counts
else
	bin=$log.test
	GOARCH=arm GOARM=7 go test -c -o "$bin" "$pkg"
fi
# Address ranges of the counted functions, adjacent symbols merged.
ranges=$(go tool nm -size -sort address "$bin" | awk -v only="${ICOUNT_FUNCS:-}" '
	function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
	$3 == "T" || $3 == "t" {
		name = $4; addr = hex($1); size = $2
		keep = name !~ /^(runtime|internal\/runtime|internal\/bytealg|internal\/abi|internal\/cpu|internal\/chacha8rand|sync\/atomic|type:|go:)/ ||
			name == "runtime.memmove" || name == "runtime.memclrNoHeapPointers"
		if (only != "") keep = name ~ only
		if (keep && size > 0) {
			if (n > 0 && addr <= end + 16) { end = addr + size; next }
			if (n > 0) printf "%s0x%x..0x%x", (n > 1 ? "," : ""), start, end - 1
			start = addr; end = addr + size; n++
		}
	}
	END { if (n > 0) printf "%s0x%x..0x%x", (n > 1 ? "," : ""), start, end - 1 }')
count() {
	GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1 qemu-arm-static -cpu max -d in_asm,exec,nochain -dfilter "$ranges" -D "$log" \
		"$bin" -test.run '^$' -test.bench "$bench" -test.benchtime "$1x" >/dev/null
	# Per block: all instructions, NEON data-processing ones, D registers
	# moved by NEON loads and stores, NEON loads and stores.
	awk '
		/^IN:/ { blk = 1; first = ""; k = 0; v = 0; m = 0; l = 0; next }
		blk && /^0x[0-9a-f]+:/ {
			if (first == "") first = substr($1, 3, 8)
			k++
			if ($3 ~ /^v(ld|st)/ && match($0, /\{[^}]*\}/)) { r = substr($0, RSTART, RLENGTH); m += gsub(/d[0-9]+/, "", r); l++ } else if ($3 ~ /^v/) v++
			next
		}
		blk { if (first != "") { size[first] = k; neon[first] = v; mem[first] = m; ls[first] = l }; blk = 0 }
		/^Trace/ { split($4, f, "/"); p = f[2]; total += size[p]; tv += neon[p]; tm += mem[p]; tl += ls[p] }
		END { printf "%d %d %d %d\n", total, tv, tm, tl }' "$log"
}
set -- $(count "$n1")
t1=$1 v1=$2 m1=$3 l1=$4
set -- $(count "$n2")
n=$((n2 - n1))
# instructions, NEON data-processing instructions, D registers loaded or
# stored, NEON load and store instructions
echo "$bench $(( ($1 - t1) / n )) $(( ($2 - v1) / n )) $(( ($3 - m1) / n )) $(( ($4 - l1) / n ))"
