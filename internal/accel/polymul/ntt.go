package polymul

import "math/bits"

// zeta is a primitive 512th root of unity modulo P (ζ^256 = −1), the one
// FIPS 204 uses.
const zeta = 1753

// zetas[i] is ζ^brv8(i)·2^32 mod P, centred: the twiddle factors of the
// forward transform in the order its butterflies use them, in Montgomery
// form so that montgomeryReduce(zetas[i]·a) = ζ^brv8(i)·a.
var zetas = func() (z [N]int32) {
	for i := range z {
		v := powMod(zeta, int64(bits.Reverse8(uint8(i)))) << 32 % P
		z[i] = centre(int32(v))
	}
	return z
}()

// invScale is 2^64/256 mod P: the inverse transform's final factor, which
// undoes both the 256 of its butterflies and one Montgomery factor 2^−32 of
// the pointwise product, so that Inverse(Forward(a)∘Forward(b)) = a·b.
var invScale = int32(powMod(1<<32%P, 2) * powMod(N, P-2) % P)

// forwardGeneric sets out to the negacyclic NTT modulo P of in (the
// Cooley–Tukey transform of FIPS 204, Algorithm 41), inputs in (−P, P) and
// outputs in [0, P). Each of the eight layers adds less than P to the
// bound, so the intermediate values stay below 9P < 2^27.
func forwardGeneric(out *[N]uint32, in *[N]int32) {
	a := *in
	k := 0
	for length := N / 2; length > 0; length >>= 1 {
		for start := 0; start < N; start += 2 * length {
			k++
			z := int64(zetas[k])
			for j := start; j < start+length; j++ {
				t := montgomeryReduce(z * int64(a[j+length]))
				a[j+length] = a[j] - t
				a[j] = a[j] + t
			}
		}
	}
	for i := range a {
		out[i] = freeze(reduce32(a[i]))
	}
}

// inverseGeneric sets out to the polynomial whose NTT is in, multiplied by
// 2^32 (FIPS 204, Algorithm 42, with the final factor invScale), inputs and
// outputs in [0, P). The sums of the Gentleman–Sande butterflies double at
// most eight times, to below 256·P < 2^31. out may be in: the butterflies
// run on a copy.
func inverseGeneric(out, in *[N]uint32) {
	var a [N]int32
	for i, c := range in {
		a[i] = int32(c)
	}
	k := N
	for length := 1; length < N; length <<= 1 {
		for start := 0; start < N; start += 2 * length {
			k--
			z := -int64(zetas[k])
			for j := start; j < start+length; j++ {
				t := a[j]
				a[j] = t + a[j+length]
				a[j+length] = montgomeryReduce(z * int64(t-a[j+length]))
			}
		}
	}
	for i := range a {
		out[i] = freeze(montgomeryReduce(int64(invScale) * int64(a[i])))
	}
}

// dotGeneric sets out[i] = Σ_j a[j][i]·b[j][i]·2^−32 mod P, in [0, P), for
// transforms in [0, P). The products are summed in 64 bits and folded
// modulo P every eight terms, so any number of pairs is within Montgomery
// reduction's input bound.
func dotGeneric(out *[N]uint32, a, b [][N]uint32) {
	for i := range out {
		var acc int64
		for j := range a {
			acc += int64(a[j][i]) * int64(b[j][i])
			if j%8 == 7 {
				acc %= P
			}
		}
		out[i] = freeze(montgomeryReduce(acc))
	}
}
