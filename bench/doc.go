// Package bench is the comparison harness: go test -bench functions that run
// every ML-DSA-44/65/87 and ML-KEM-512/768/1024 operation in four
// implementations in one binary, so that one interleaved run gives the whole
// table (and the SMAUG-T operations in the engine and through kem, which no
// other Go library implements):
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
// put the implementations side by side. Run the binary several times, not
// -count, so that the implementations interleave; docs/PERFORMANCE.md ("The
// comparison harness") gives the commands.
//
// Every benchmark also reports cpu-ns/op (the benchmark thread's CPU time,
// steadier than wall time on a shared machine; benchstat prints a table
// for it) and allocs/op. docs/PERFORMANCE.md explains the operations and
// holds the measured tables.
package bench
