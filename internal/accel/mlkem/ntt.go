package mlkem

// n is the degree of the ring Z_q[X]/(X^n + 1).
const n = 256

// ringElement is a polynomial of R_q in the standard (coefficient) domain.
type ringElement [n]fieldElement

// nttElement is a polynomial of T_q, the NTT domain: 128 residues of degree one
// modulo X² − ζ^(2·BitRev7(i)+1). Keeping it a distinct type makes a missing
// NTT or inverse NTT a compile error.
type nttElement [n]fieldElement

// zeta = 17 is the primitive 256-th root of unity modulo q used by FIPS 203.
const zeta = 17

// invN128 is 128⁻¹ mod q, the scaling of the inverse NTT (FIPS 203, Algorithm 10).
const invN128 = 3303

// zetas[i] = ζ^BitRev7(i) mod q, the twiddle factors of Algorithms 9 and 10,
// and gammas[i] = ζ^(2·BitRev7(i)+1) mod q, the moduli of the base-case
// products of Algorithm 11. Both are derived from ζ at package initialisation.
var zetas, gammas = nttConstants()

func nttConstants() (z, g [128]fieldElement) {
	var pow [256]fieldElement // pow[e] = ζ^e mod q
	pow[0] = 1
	for e := 1; e < 256; e++ {
		pow[e] = fieldMul(pow[e-1], zeta)
	}
	for i := range 128 {
		r := bitRev7(uint8(i))
		z[i] = pow[r]
		g[i] = pow[2*int(r)+1]
	}
	return z, g
}

// bitRev7 reverses the seven low bits of i.
func bitRev7(i uint8) uint8 {
	var r uint8
	for b := range 7 {
		r |= (i >> b & 1) << (6 - b)
	}
	return r
}

// nttGeneric computes the NTT representation of f (FIPS 203, Algorithm 9):
// the portable kernel behind ntt, and the specification of the SIMD ones.
//
// It reduces lazily: products are Barrett-reduced to [0, 2q) and sums are not
// reduced at all, so a coefficient grows by at most 2q per layer and stays
// below 15q after the seven layers; one full reduction per coefficient ends the
// transform.
func nttGeneric(f *ringElement) nttElement {
	a := widen(f)
	k := 1
	for length := 128; length >= 2; length /= 2 {
		for start := 0; start < n; start += 2 * length {
			z := uint32(zetas[k])
			k++
			lo, hi := halves(&a, start, length)
			for j := range lo {
				t := barrettReduceLazy(z * hi[j]) // t < 2q
				hi[j] = lo[j] + 2*q - t
				lo[j] = lo[j] + t
			}
		}
	}
	var r nttElement
	for i := range r {
		r[i] = barrettReduce(a[i])
	}
	return r
}

// inverseNTTGeneric computes the polynomial whose NTT representation is f
// (FIPS 203, Algorithm 10): the portable kernel behind inverseNTT.
//
// It reduces lazily: the difference feeding each product is Barrett-reduced
// to [0, 2q) while sums grow, at most doubling per layer, to below 128q after
// seven layers (and 128q·q < 2^32); the final scaling by 128⁻¹ reduces fully.
func inverseNTTGeneric(f *nttElement) ringElement {
	a := widen(f)
	k := 127
	bound := uint32(q) // every coefficient is below bound
	for length := 2; length <= 128; length *= 2 {
		for start := 0; start < n; start += 2 * length {
			z := uint32(zetas[k])
			k--
			lo, hi := halves(&a, start, length)
			for j := range lo {
				t := lo[j]
				lo[j] = t + hi[j]
				hi[j] = barrettReduceLazy(z * (hi[j] + bound - t))
			}
		}
		bound *= 2
	}
	var r ringElement
	for i := range r {
		r[i] = barrettReduce(a[i] * invN128)
	}
	return r
}

// widen copies the coefficients of f into 32-bit words, the room the lazy
// reductions of both transforms need.
func widen[E ringElement | nttElement](f *E) [n]uint32 {
	var a [n]uint32
	for i := range a {
		a[i] = uint32((*f)[i])
	}
	return a
}

// halves returns the two halves a[start : start+length] and
// a[start+length : start+2·length] that one butterfly block of Algorithms 9
// and 10 combines, hi resliced to lo's length so that the compiler drops the
// bounds checks of the loop over them.
func halves(a *[n]uint32, start, length int) (lo, hi []uint32) {
	lo, hi = a[start:start+length], a[start+length:start+2*length]
	return lo, hi[:len(lo)]
}
