package polymul

import "math/bits"

// The two-prime 16-bit product: negacyclic NTTs modulo the primes 7681 and
// 10753 (both ≡ 1 mod 512) in int16 arithmetic, and the CRT back to the
// integer coefficient, exact while it lies in (−2^24, 2^24). Every step is
// written as the 16-bit lane operations an AVX2 kernel performs (VPMULLW,
// VPMULHW, VPADDW, VPSUBW, VPSRAW), so that such a kernel can agree with
// these Go kernels bit for bit:
//
//   - mul16 is signed Montgomery multiplication, R = 2^16:
//     hi(a·b) − hi(lo(a·b·p^−1)·p) = (a·b − m·p)/2^16 exactly, with
//     |result| ≤ |a·b|/2^16 + p/2.
//   - barrett16 is hi(a·v) rounded by 2^10 (v = round(2^26/p)), giving
//     |result| ≤ p/2 + 2.
//
// The forward transform's sums grow by at most |x|·p/2^17 + p/2 a layer;
// from |x| < 2^11, one Barrett pass after the fourth layer keeps them
// below 2^15 for both primes (below 21 600 for 7681 and 31 700 for 10753
// at the eighth layer, the bound of Forward16Lazy's output). The inverse
// transform's sums double each layer, so they are Barrett reduced after
// layers 2, 4 and 6. 3·10753 > 2^15 leaves no room
// for lazier schedules at that prime.

// N16Primes is the number of 16-bit primes of the two-prime transform.
const N16Primes = 2

// NTT16 is a polynomial in the domain of the two-prime transform: its
// transform modulo 7681 in row 0 and modulo 10753 in row 1, coefficients
// in (−2^15, 2^15) with the bounds each kernel states, each row in the
// order layout16 gives.
type NTT16 [N16Primes][N]int16

// layout16[i] is the index, in the transform's natural (bit-reversed
// Cooley–Tukey) order, of the coefficient that position i of an NTT16 row
// holds: the order in which the AVX2 kernels' last in-register layer
// leaves each pair of 16-lane registers (32 coefficients). Keeping it
// spares the AVX2 forward transform four shuffles a register pair at its
// end and the inverse four at its start; the product is pointwise, so any
// order serves. Within each block of 32, a pair's two registers are
// interleaved in groups of 8, 4, 2 and 1 lanes in turn (interleave16).
var layout16 = func() (l [N]uint8) {
	for b := 0; b < N; b += 32 {
		var x, y [16]int
		for i := range 16 {
			x[i], y[i] = b+i, b+16+i
		}
		for _, w := range []int{8, 4, 2, 1} {
			x, y = interleave16(x, y, w)
		}
		for i := range 16 {
			l[b+i], l[b+16+i] = uint8(x[i]), uint8(y[i])
		}
	}
	return l
}()

// interleave16 splits x and y into groups of w lanes and returns (x0, y0,
// x2, y2, …) and (x1, y1, x3, y3, …): one step of layout16.
func interleave16(x, y [16]int, w int) (a, b [16]int) {
	for g := 0; g < 16/w; g += 2 {
		for i := range w {
			a[g*w+i], a[g*w+w+i] = x[g*w+i], y[g*w+i]
			b[g*w+i], b[g*w+w+i] = x[g*w+w+i], y[g*w+w+i]
		}
	}
	return a, b
}

// prime16 is one 16-bit NTT prime with its constants.
type prime16 struct {
	p      int16
	pInv   int16    // p^−1 mod 2^16
	barV   int16    // round(2^26 / p)
	zetas  [N]int16 // ψ^brv8(i)·2^16 mod p, centred; ψ a primitive 512th root of unity
	zetasQ [N]int16 // zetas[i]·p^−1 mod 2^16: the low multiplier of mul16
	scale  int16    // 2^32/256 mod p, centred: the inverse's final factor
	scaleQ int16    // scale·p^−1 mod 2^16
}

// primes16 are the two primes, 7681 first.
var primes16 = [N16Primes]*prime16{newPrime16(7681), newPrime16(10753)}

// crtInv is 7681^−1·2^16 mod 10753, centred, with its low multiplier: the
// CRT's factor in Montgomery form.
var crtInv, crtInvQ = func() (int16, int16) {
	p := primes16[1]
	v := centredMod(powModN(7681, 10753-2, 10753)<<16%10753, 10753)
	return v, v * p.pInv
}()

// centredMod returns the representative of v (in [0, m)) in (−m/2, m/2].
func centredMod(v, m int64) int16 {
	if v > m/2 {
		v -= m
	}
	return int16(v)
}

func newPrime16(p int64) *prime16 {
	sp := &prime16{p: int16(p)}
	// The smallest ψ = g^((p−1)/512) with ψ^256 = −1 is a primitive 512th
	// root of unity.
	var psi int64
	for g := int64(2); ; g++ {
		psi = powModN(g, (p-1)/512, p)
		if powModN(psi, 256, p) == p-1 {
			break
		}
	}
	sp.pInv = int16(powModN(p, 1<<15-1, 1<<16)) // p^(2^15−1) = p^−1 mod 2^16
	sp.barV = int16(((1 << 26) + p/2) / p)
	for i := range sp.zetas {
		z := centredMod(powModN(psi, int64(bits.Reverse8(uint8(i))), p)<<16%p, p)
		sp.zetas[i], sp.zetasQ[i] = z, z*sp.pInv
	}
	sp.scale = centredMod((1<<32)%p*powModN(N, p-2, p)%p, p)
	sp.scaleQ = sp.scale * sp.pInv
	return sp
}

// hi16 is the high half of the signed product a·b (VPMULHW).
func hi16(a, b int16) int16 { return int16((int32(a) * int32(b)) >> 16) }

// mul16 returns a·b·2^−16 mod p, for b's low multiplier bq = b·p^−1 mod
// 2^16 (VPMULHW, VPMULLW, VPMULHW, VPSUBW).
func (sp *prime16) mul16(a, b, bq int16) int16 {
	return hi16(a, b) - hi16(a*bq, sp.p)
}

// barrett16 returns r ≡ a mod p with |r| ≤ p/2 + 2 (VPMULHW, VPADDW,
// VPSRAW, VPMULLW, VPSUBW).
func (sp *prime16) barrett16(a int16) int16 {
	t := (hi16(a, sp.barV) + 1<<9) >> 10
	return a - t*sp.p
}

// forward16 is the negacyclic NTT modulo sp.p of a, in place, for
// |a[i]| < 2^11; outputs Barrett reduced unless lazy is set.
func (sp *prime16) forward16(a *[N]int16, lazy bool) {
	k := 0
	layer := 0
	for length := N / 2; length > 0; length >>= 1 {
		for start := 0; start < N; start += 2 * length {
			k++
			z, zq := sp.zetas[k], sp.zetasQ[k]
			x := a[start : start+length]
			y := a[start+length : start+2*length]
			y = y[:len(x)]
			for j := range x {
				t := sp.mul16(y[j], z, zq)
				y[j] = x[j] - t
				x[j] = x[j] + t
			}
		}
		if layer++; layer == 4 || layer == 8 && !lazy {
			sp.reduce16(a)
		}
	}
}

// reduce16 Barrett reduces every coefficient of a.
func (sp *prime16) reduce16(a *[N]int16) {
	for i := range a {
		a[i] = sp.barrett16(a[i])
	}
}

// inverse16 is the inverse of forward16 times 2^16, in place, for
// |a[i]| ≤ p/2 + 2 (Dot16's output); outputs below p/2 + 21 508·p/2^17.
func (sp *prime16) inverse16(a *[N]int16) {
	k := N
	layer := 0
	for length := 1; length < N; length <<= 1 {
		for start := 0; start < N; start += 2 * length {
			k--
			z, zq := -sp.zetas[k], -sp.zetasQ[k]
			x := a[start : start+length]
			y := a[start+length : start+2*length]
			y = y[:len(x)]
			for j := range x {
				t := x[j]
				x[j] = t + y[j]
				y[j] = sp.mul16(t-y[j], z, zq)
			}
		}
		if layer++; layer == 2 || layer == 4 || layer == 6 {
			sp.reduce16(a)
		}
	}
	for i := range a {
		a[i] = sp.mul16(a[i], sp.scale, sp.scaleQ)
	}
}

// forward16Generic is Forward16 in Go.
func forward16Generic(out *NTT16, a *[N]int32) { forward16Into(out, a, false) }

// forward16LazyGeneric is Forward16Lazy in Go.
func forward16LazyGeneric(out *NTT16, a *[N]int32) { forward16Into(out, a, true) }

// forward16Into is both rows' forward16, stored in layout16's order.
func forward16Into(out *NTT16, a *[N]int32, lazy bool) {
	for j, sp := range primes16 {
		var r [N]int16
		for i, c := range a {
			r[i] = int16(c)
		}
		sp.forward16(&r, lazy)
		for i, from := range layout16 {
			out[j][i] = r[from]
		}
	}
}

// dot16Generic is Dot16 in Go.
func dot16Generic(out *NTT16, a, b []NTT16) {
	for r, sp := range primes16 {
		for i := range N {
			var acc int16
			for j := range a {
				x, y := a[j][r][i], b[j][r][i]
				// Montgomery product of |x| < 31 700 (Forward16Lazy's
				// bound) and |y| ≤ p/2 + 2: below 2 601 + p/2 < 7 980,
				// four of them below 2^15.
				acc += sp.mul16(x, y, y*sp.pInv)
				if j%4 == 3 {
					acc = sp.barrett16(acc)
				}
			}
			out[r][i] = sp.barrett16(acc)
		}
	}
}

// inverse16Generic is Inverse16 in Go.
func inverse16Generic(out *[N]int32, in *NTT16) {
	var r NTT16
	for j, sp := range primes16 {
		for i, to := range layout16 {
			r[j][to] = in[j][i]
		}
		sp.inverse16(&r[j])
	}
	crt16(out, &r)
}

// crt16 sets out[i] = c0 + 7681·u with u ≡ (c1 − c0)·7681^−1 mod 10753
// (a Montgomery multiplication by crtInv), for |c0|, |c1| < 7 200: then
// |u| < 14 400·10753/2^17 + 10753/2 < 6 560 and |out[i]| < 51·10^6,
// congruent to the true coefficient modulo 82 593 793 and so equal to it
// when that lies in (−2^24, 2^24), 2^24 + 51·10^6 being below the modulus.
func crt16(out *[N]int32, r *NTT16) {
	p1 := primes16[1]
	for i := range N {
		c0, c1 := r[0][i], r[1][i]
		u := p1.mul16(c1-c0, crtInv, crtInvQ)
		out[i] = int32(c0) + 7681*int32(u)
	}
}

// Mul16 sets out = a·b in Z[x]/(x^256+1) by the two-prime transform,
// exact for coefficients of the product in (−2^24, 2^24), for |a[i]|,
// |b[i]| < 2^11.
func Mul16(out, a, b *[N]int32) {
	var x, y [1]NTT16
	Forward16(&x[0], a)
	Forward16(&y[0], b)
	var p NTT16
	Dot16(&p, x[:], y[:])
	Inverse16(out, &p)
}
