package smaug

import (
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/polymul"
)

// This file is the kernel contract of the engine: the ring arithmetic every
// operation goes through, each kernel documented here with its one dispatch
// point. The products run, per level, on package polymul's two-prime 16-bit
// kernels where they have assembly (AVX2, run at AVX-512 too) and on its
// single-prime kernels elsewhere (see domain); the packing of R_q and the
// byte part of R_p's, the ephemeral samplers, the passes of the HWT,
// the Gaussian, the secret's packing, key generation's
// subtraction, the roundings, and the message's spreading in
// encryption and reading in decryption ask their generated hooks (…Arch,
// from internal/accel/_asm/smaug; AVX2 kernels, run at AVX-512 too) and
// fall back to their Go twins; the other packings of encode.go are
// portable Go at every level.
//
//go:generate go -C ../_asm run ./smaug -out ../smaug/kernels_amd64.s -stubs ../smaug/kernels_amd64_stubs.go -arch ../smaug/kernels_amd64.go -noasm ../smaug/kernels_noasm.go -pkg smaug

// poly is a polynomial with integer coefficients: an element of R_q, R_p or
// R_p' as its representative in [0, modulus), or a small (ternary or
// Gaussian) polynomial as a signed integer.
type poly [n]int32

// nttPoly is a polynomial in the transform domain of the level that made
// it (see domain): the single-prime transform's residues in [0, P), or
// reinterpreted as polymul.NTT16, the two-prime transform's int16 rows,
// which take the same 1 KiB.
type nttPoly = [n]uint32

// domain names the transform of a key's Â, b̂ and ŝ. Each level uses its
// fastest product, as timed (docs/PERFORMANCE.md): at AVX2 the two-prime
// 16-bit one (polymul.Fast16); at AVX-512 the single-prime 32-bit one,
// whose transforms are ML-DSA's AVX-512 kernels, twice as fast as the
// two-prime zmm kernels; at the portable level the single-prime one too,
// whose Go transforms beat the two primes' Go twins. Both give the exact
// integer product, so every level agrees bit for bit; a key made at
// another level is converted for the operation (see inDomain).
type domain uint8

const (
	domain32 domain = iota + 1 // polymul.Forward: one prime, 8380417
	domain16                   // polymul.Forward16: 7681 and 10753
)

// activeDomain returns the domain of the active level.
func activeDomain() domain {
	if cpu.Active() != cpu.AVX512 && polymul.Fast16() {
		return domain16
	}
	return domain32
}

// as16 views a as the two-prime transform it holds in domain16.
func as16(a *nttPoly) *polymul.NTT16 { return (*polymul.NTT16)(unsafe.Pointer(a)) }

// slice16 views v (non-empty) as the two-prime transforms it holds in
// domain16.
func slice16(v []nttPoly) []polymul.NTT16 {
	return unsafe.Slice(as16(&v[0]), len(v))
}

// toNTT sets out to the transform, in domain d, of a, whose coefficients
// are below 2^11 in absolute value.
func (d domain) toNTT(out *nttPoly, a *poly) {
	if d == domain16 {
		polymul.Forward16(as16(out), (*[n]int32)(a))
		return
	}
	polymul.Forward((*[n]uint32)(out), (*[n]int32)(a))
}

// toNTTLazy is toNTT for dotProduct's first operand only (Â, b̂, ĉ1, which
// meet only reduced transforms of secrets): in domain16 without the final
// reduction (polymul.Forward16Lazy).
func (d domain) toNTTLazy(out *nttPoly, a *poly) {
	if d == domain16 {
		polymul.Forward16Lazy(as16(out), (*[n]int32)(a))
		return
	}
	d.toNTT(out, a)
}

// dotProduct sets out = Σ_j a[j]·b[j] in Z[x]/(x^256+1), exactly, for
// 1 ≤ len(a) = len(b) ≤ 4 transforms in domain d (a's by toNTTLazy or
// toNTT, b's by toNTT): each product is of a polynomial with coefficients in [0, 2^11) and a ternary
// one, so with k ≤ 4 every coefficient is below 4·256·2^11 = 2^21, inside
// both transforms' exact ranges ((−P/2, P/2) and (−2^24, 2^24)).
func (d domain) dotProduct(out *poly, a, b []nttPoly) {
	if d == domain16 {
		var acc nttPoly
		polymul.Dot16(as16(&acc), slice16(a), slice16(b))
		polymul.Inverse16((*[n]int32)(out), as16(&acc))
		return
	}
	// The sum and its inverse run in out's memory (polymul.Inverse allows
	// it), so there is no scratch to clear.
	acc := (*[n]uint32)(unsafe.Pointer(out))
	polymul.Dot(acc, a, b)
	polymul.Inverse((*[n]int32)(out), acc)
}

// decodeRq sets a to the polynomial of R_q packed in the 32·log q bytes of
// b (encodeRq's inverse), coefficients in [0, q).
func decodeRq(a *poly, b []byte, logQ uint) {
	switch logQ {
	case 10:
		if decodeRq10Arch((*[n]int32)(a), (*[10 * n / 8]byte)(b)) {
			return
		}
	case 11:
		if decodeRq11Arch((*[n]int32)(a), (*[11 * n / 8]byte)(b)) {
			return
		}
	}
	decodeRqGeneric(a, b, logQ)
}

// sampleEphemeral sets r to a polynomial of the encryption randomness from
// the p.ephemeralBytes() bytes of b, in constant time (the reference's
// poly_cbd; see sampleEphemeralGeneric). The SMAUG-T128 kernel reads one
// byte past those 96 bytes, so it runs when b's capacity allows.
func sampleEphemeral(r *poly, b []byte, kind ephemeralKind) {
	switch kind {
	case sparseCBD3:
		if cap(b) >= 128 && cbd3Arch((*[n]int32)(r), (*[128]byte)(b[:128])) {
			return
		}
	case cbd1:
		if cbd1Arch((*[n]int32)(r), (*[64]byte)(b)) {
			return
		}
	default:
		if cbd4Arch((*[n]int32)(r), (*[128]byte)(b)) {
			return
		}
	}
	sampleEphemeralGeneric(r, b, kind)
}

// hwtFirst tries the first n samples of an HWT stream (see
// hwtFirstGeneric) and returns the number of rejections.
func hwtFirst(index, pending *[n]uint32, samples *[2 * n]byte) int {
	if r, ok := hwtFirstArch(index, pending, samples); ok {
		return r
	}
	return hwtFirstGeneric(index, pending, samples)
}

// hwtSparePass runs the HWT's spare pass (see hwtSparesGeneric) and
// returns the number of positions still rejected, 0 unless the spares run
// out.
func hwtSparePass(index, pending *[n]uint32, spares *[2 * hwtSpares]byte, rejected int) int {
	if left, ok := hwtSparesArch(index, pending, spares, rejected); ok {
		return left
	}
	return hwtSparesGeneric(index, pending, spares, rejected)
}

// hwtZeros runs the HWT's placement count (see hwtZerosGeneric).
func hwtZeros(isZero *[n]int32, index *[n]uint32, zeros int32) {
	if !hwtZerosArch(isZero, index, zeros) {
		hwtZerosGeneric(isZero, index, zeros)
	}
}

// encodeSecret writes the 2-bit packing of the ternary polynomial s to b
// (see encodeSecretGeneric).
func encodeSecret(b *[secretPolySize]byte, s *poly) {
	if !encodeSecretArch(b, (*[n]int32)(s)) {
		encodeSecretGeneric(b, s)
	}
}

// subMask sets out = (a − b) & mask coefficient-wise: key generation's
// b = e − A·s in R_q (see subMaskGeneric).
func subMask(out, a, b *poly, mask int32) {
	if !subMaskArch((*[n]int32)(out), (*[n]int32)(a), (*[n]int32)(b), uint32(mask)) {
		subMaskGeneric(out, a, b, mask)
	}
}

// hwtSigns gives the HWT's non-zero coefficients their signs (see
// hwtSignsGeneric); out may be isZero.
func hwtSigns(out *poly, isZero *[n]int32, sign *[hwtSignBytes]byte) {
	if !hwtSignsArch((*[n]int32)(out), isZero, sign) {
		hwtSignsGeneric(out, isZero, sign)
	}
}

// round sets each coefficient x of a (the exact product, centred) to
// ((x·2^r[0] + r[1] + msg) & r[2]) >> r[3] in 16-bit arithmetic, msg being
// the coefficient's entry of msg, or 0 if msg is nil: encryption's rounding
// of c1 and of c2 (see encrypt).
func round(a *poly, msg *[n]uint16, r *[4]uint32) {
	if msg == nil {
		if roundArch((*[n]int32)(a), (*[n]int32)(a), r) {
			return
		}
	} else if roundMessageArch((*[n]int32)(a), (*[n]int32)(a), msg, r) {
		return
	}
	roundGeneric(a, msg, r)
}

// sampleGaussian sets e to the discrete Gaussian error of the 320 bytes of
// b (see sampleGaussianGeneric).
func sampleGaussian(e *poly, b []byte) {
	if !gaussianArch((*[n]int32)(e), (*[gaussianBytes]byte)(b)) {
		sampleGaussianGeneric(e, b)
	}
}

// encodeRq writes the 32·log q bytes of a, coefficients in [0, q), to b
// (see encodeRqGeneric).
func encodeRq(b []byte, a *poly, logQ uint) {
	switch logQ {
	case 10:
		if encodeRq10Arch((*[10 * n / 8]byte)(b), (*[n]int32)(a)) {
			return
		}
	case 11:
		if encodeRq11Arch((*[11 * n / 8]byte)(b), (*[n]int32)(a)) {
			return
		}
	}
	encodeRqGeneric(b, a, logQ)
}

// messageBits sets out[c] to value if bit c%8 of mu[c/8] is set and to 0
// otherwise, in constant time: the message scaled to 16 bits for
// encryption's c2 (see encrypt).
func messageBits(out *[n]uint16, mu *[maxMessageSize]byte, value uint16) {
	if !messageBitsArch(out, mu, uint32(value)) {
		messageBitsGeneric(out, mu, value)
	}
}

// messageDecode sets bit c%8 of mu[c/8] to bit 15 of
// c2[c]·2^s[0] + w[c]·2^s[1] + 2^14 in 16-bit arithmetic, in constant
// time: decryption's rounding of 2/p·x (see decrypt), for shifts below 16.
func messageDecode(mu *[maxMessageSize]byte, c2, w *poly, s *[2]uint32) {
	if !messageDecodeArch(mu, (*[n]int32)(c2), (*[n]int32)(w), s) {
		messageDecodeGeneric(mu, c2, w, s)
	}
}

// messageDecodeD2 sets bit i%8 of mu[i/8], i < 128, to TiMER's D2 reading
// of coefficients i and i + 128 (see decrypt), in constant time, for
// shifts below 16.
func messageDecodeD2(mu *[maxMessageSize / 2]byte, c2, w *poly, s *[2]uint32) {
	if !messageDecodeD2Arch(mu, (*[n]int32)(c2), (*[n]int32)(w), s) {
		messageDecodeD2Generic(mu, c2, w, s)
	}
}

// rpBytesEncode sets b[i] to the low byte of a[i]: the byte part of the R_p
// packing of c1 (see encodeRp).
func rpBytesEncode(b *[n]byte, a *poly) {
	if !rpBytesEncodeArch(b, (*[n]int32)(a)) {
		rpBytesEncodeGeneric(b, a)
	}
}

// rpBytesDecode sets a[i] = b[i]: the byte part of the R_p unpacking (see
// decodeRp).
func rpBytesDecode(a *poly, b *[n]byte) {
	if !rpBytesDecodeArch((*[n]int32)(a), b) {
		rpBytesDecodeGeneric(a, b)
	}
}
