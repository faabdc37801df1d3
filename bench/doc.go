// Package bench is the comparison harness: go test -bench functions that run
// every ML-DSA-44/65/87 and ML-KEM-512/768/1024 operation in four
// implementations in one binary, so that one interleaved run gives the whole
// table:
//
//   - impl=engine: the crystals engine (internal/accel/mldsa, mlkem) called
//     directly, with caller-owned buffers, doing the public API's work:
//     randomness from crypto/rand, a new key per key generation;
//   - impl=crystals: the public API (packages signer and kem), the fastest
//     path each offers for the operation;
//   - impl=stdlib: crypto/mldsa and crypto/mlkem (no ML-KEM-512);
//   - impl=circl: github.com/cloudflare/circl.
//
// Sub-benchmark names are key=value pairs (set, op, impl), so benchstat can
// put the implementations side by side. From the repository root, six
// separate runs of the binary, so that the implementations interleave:
//
//	export GOTOOLCHAIN=go1.27.3
//	go test -c -o /tmp/bench.test ./bench
//	for i in 1 2 3 4 5 6; do /tmp/bench.test -test.run '^$' -test.bench . -test.benchtime 300ms; done | tee /tmp/bench.txt
//	go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da -col /impl /tmp/bench.txt
//
// Every benchmark also reports cpu-ns/op (the benchmark thread's CPU time,
// steadier than wall time on a shared machine; benchstat prints a table
// for it) and allocs/op. docs/PERFORMANCE.md explains the operations and
// holds the measured tables.
package bench
