// Command mlkem generates the amd64 ring kernels of package
// internal/accel/mlkem, for q = 3329 on 16-bit lanes:
//
//   - nttAVX512, nttAVX2: the NTT (FIPS 203, Algorithm 9) in place, from and
//     to [0, q) in standard coefficient order;
//   - inverseNTTAVX512, inverseNTTAVX2: the inverse NTT (Algorithm 10), the
//     same way;
//   - dotProductAVX512, dotProductAVX2: init + Σ f[j] ∘ g[j] in T_q
//     (Algorithms 11 and 12), reduced to [0, q);
//   - cbdEta2AVX512, cbdEta3AVX512, cbdEta2AVX2, cbdEta3AVX2: SamplePolyCBD_η
//     (Algorithm 8) from the PRF output;
//   - sampleNTTRejectAVX512, sampleNTTRejectAVX2: the rejection sampling of
//     SampleNTT (Algorithm 7), 16 candidates per step;
//   - compressEncode<d>AVX512, decodeDecompress<d>AVX512 for d = 1, 4, 5, 10,
//     11: ByteEncode_d∘Compress_d and Decompress_d∘ByteDecode_d (Algorithms
//     5 and 6, Section 4.2.1); encode12AVX512, decode12CheckedAVX512 (with
//     the modulus check of Section 7.2) and decode12ReduceAVX512, and the
//     same for AVX2 (compressEncode<d>AVX2, …), which need 32 bytes of slack
//     after their input or output;
//   - polyAdd/polySub (both widths) and constantTimeEqualAVX2.
//
// AVX-512 kernels hold 32 coefficients per zmm register and a whole
// polynomial in registers; AVX2 kernels hold 16 per ymm register and half a
// polynomial. Products are signed Montgomery multiplications with R = 2^16 by
// constants premultiplied by R, so every value stays in the normal domain and
// the outputs equal the portable kernels' bit for bit.
//
// With -goarch arm64 it writes the NEON kernels instead (neon.go).
//
// Run it through go generate in internal/accel/mlkem.
package main

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

func main() {
	if dispatch.Goarch() == "arm64" {
		neonMain()
		return
	}
	if armHooks() {
		return
	}
	ConstraintExpr("amd64,!purego")
	for _, w := range []width{avx512, avx2} {
		nttKernel(w)
		inverseNTTKernel(w)
		dotProductKernel(w)
		cbdEta2Kernel(w)
		cbdEta3Kernel(w)
		rejectKernel(w)
		polyAddSubKernel(w, false)
		polyAddSubKernel(w, true)
	}
	constantTimeEqualKernel()
	constantTimeSelectKernel()
	for _, d := range []int{1, 4, 5, 10, 11} {
		compressEncodeKernel(d)
		decodeDecompressKernel(d, "")
	}
	encode12Kernel()
	decodeDecompressKernel(12, "check")
	decodeDecompressKernel(12, "reduce")
	for _, d := range []int{1, 4, 5, 10, 11} {
		compressEncodeAVX2Kernel(d)
		decodeDecompressAVX2Kernel(d, "")
	}
	compressEncodeAVX2Kernel(12)
	decodeDecompressAVX2Kernel(12, "check")
	decodeDecompressAVX2Kernel(12, "reduce")
	for _, w := range []width{avx512, avx2} {
		w.data.emit()
	}
	Generate()
	dispatch.Write("mlkem", "amd64 && !purego", fullContract())
}
