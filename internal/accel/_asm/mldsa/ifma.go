package main

// AVX-512 IFMA in the ML-DSA kernels. VPMADD52LUQ and
// VPMADD52HUQ add the low or high 52 bits of the 104-bit product of the low
// 52 bits of two 64-bit lanes to a third; avo v0.5.0 has both, so no raw
// encodings are needed. Level AVX512 already requires IFMA
// (internal/accel/cpu).
//
// Execution µops per 16 lanes (zmm, ports 0 and 5; VPMULDQ and VPMADD52LUQ
// both issue two per cycle on this machine, VPMULLD one; the zeroing idiom
// VPXORQ r, r, r takes no port and is counted apart):
//
//   - Montgomery twiddle product (montMul): VPSRLQ, 6 VPMULDQ, 2 VPSUBQ,
//     VPSHUFD = 10. Butterfly with its VPADDD and VPSUBD: 12.
//   - Shoup product with VPMULLD (shoupMul, the zmm transforms' product):
//     VPSRLQ, 2 VPMULDQ, VPSHUFD, 2 VPMULLD, VPSUBD = 7, with twiddles
//     centred so that the quotient fits a signed VPMULDQ; its timings are
//     in docs/PERFORMANCE.md (Engine notes, ML-DSA).
//   - Shoup product with IFMA (shoup.mul): VPSRLQ, VPANDQ (IFMA reads 52
//     bits, so the even lanes must be cleared of the odd ones, which
//     VPMULDQ ignores), 2 VPMADD52HUQ, 4 VPMADD52LUQ, VPSHUFD = 9, plus 4
//     zeroing idioms. Butterfly: 11. IFMA multiplicands are unsigned, so
//     the forward transform keeps every value non-negative with a bias of
//     16q added once to the lower halves of the first layer (8 µops per
//     transform): 64 butterflies save 64 µops of about 1060.
//   - The inverse transform's Gentleman–Sande butterfly multiplies the
//     difference hi − lo, which is negative half the time: it needs a bias
//     added per butterfly (the sums grow, so no one-off bias works), which
//     brings it back to 12, a tie with Montgomery; not built.
//   - The "tailored reduction" x = h·2²³ + l ↦ h·(2¹³ − 1) + l (2²³ ≡
//     2¹³ − 1 mod q) costs VPANDQ, VPSRLQ and one VPMADD52LUQ per 8 lanes
//     and removes only 10 bits: a product below 2⁴⁰ plus split/combine
//     comes to 11 per 16 lanes against montMul's 10, and it leaves values
//     below 2³⁰ that the following layers cannot take. No transform in the
//     signing loop has such inputs either: y reaches 2¹⁹ (products up to
//     2⁴²) and the small s1, s2, t0 are transformed once per key load.
//   - Pointwise Montgomery product: the reduction's m·q − p cannot be fused
//     into a VPMADD52LUQ because m from VPMULDQ has garbage above bit 32,
//     and clearing it costs what the fusion saves; not built.
//   - Dot product, per term: VPSRLQ ×2, VPMULDQ ×2, VPADDQ ×2 = 6. With
//     IFMA the odd lanes' multiply-and-accumulate is one VPMADD52LUQ (their
//     factors are already zero-extended by VPSRLQ): 5.
//
// The IFMA forward transform measured no faster than nttAVX512 despite its
// fewer µops, so it is not generated; the IFMA dot product is faster and
// is nttDotAVX512 (dotKernel). The figures and the commit that held the
// IFMA transform are in docs/PERFORMANCE.md, Engine notes.
