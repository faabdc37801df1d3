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

// ntt computes the NTT representation of f (FIPS 203, Algorithm 9).
func ntt(f *ringElement) nttElement {
	k := 1
	for length := 128; length >= 2; length /= 2 {
		for start := 0; start < n; start += 2 * length {
			z := zetas[k]
			k++
			lo, hi := f[start:start+length], f[start+length:start+2*length]
			for j := range lo {
				t := fieldMul(z, hi[j])
				hi[j] = fieldSub(lo[j], t)
				lo[j] = fieldAdd(lo[j], t)
			}
		}
	}
	return nttElement(*f)
}

// inverseNTT computes the polynomial whose NTT representation is f (FIPS 203,
// Algorithm 10).
func inverseNTT(f *nttElement) ringElement {
	k := 127
	for length := 2; length <= 128; length *= 2 {
		for start := 0; start < n; start += 2 * length {
			z := zetas[k]
			k--
			lo, hi := f[start:start+length], f[start+length:start+2*length]
			for j := range lo {
				t := lo[j]
				lo[j] = fieldAdd(t, hi[j])
				hi[j] = fieldMulSub(z, hi[j], t)
			}
		}
	}
	for i := range f {
		f[i] = fieldMul(f[i], invN128)
	}
	return ringElement(*f)
}
