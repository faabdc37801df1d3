package mldsa

// Bit packing of FIPS 204, Section 7.1. Coefficients are packed little-endian,
// bits per coefficient, with no padding: 256·bits/8 bytes per polynomial.

// packPoly writes the 256 coefficients of f, bits wide, to out
// (SimpleBitPack, Algorithm 16). With offset ≠ 0 it packs offset − f mod q
// instead (BitPack(f, a, b) = SimpleBitPack(b − f), Algorithm 17).
func packPoly[T ~[n]fieldElement](out []byte, f *T, bits int, offset fieldElement) {
	out = out[:32*bits]
	var acc uint64
	accBits, o := 0, 0
	for _, c := range *f {
		v := c
		if offset != 0 {
			v = fieldSub(offset, c)
		}
		acc |= uint64(v) << accBits
		accBits += bits
		for accBits >= 8 {
			out[o] = byte(acc)
			o++
			acc >>= 8
			accBits -= 8
		}
	}
}

// unpackPoly is the inverse of packPoly (SimpleBitUnpack and BitUnpack,
// Algorithms 18 and 19). It reports, in constant time, whether every packed
// value was at most limit.
func unpackPoly[T ~[n]fieldElement](f *T, in []byte, bits int, offset fieldElement, limit uint32) bool {
	in = in[:32*bits]
	mask := uint64(1)<<bits - 1
	ok := uint32(1)
	var acc uint64
	accBits, i := 0, 0
	for j := range *f {
		for accBits < bits {
			acc |= uint64(in[i]) << accBits
			i++
			accBits += 8
		}
		v := uint32(acc & mask)
		acc >>= bits
		accBits -= bits
		ok &= ctLess(v, limit+1)
		if offset != 0 {
			// v may exceed offset only when rejected by limit; keep it in range.
			(*f)[j] = fieldSub(offset, fieldReduceOnce(v))
		} else {
			(*f)[j] = fieldElement(v)
		}
	}
	return ok == 1
}

// packT1Generic and unpackT1Generic handle the 10-bit high part of t
// (pkEncode/pkDecode): the portable kernels behind packT1 and unpackT1.
func packT1Generic(out []byte, t1 *ringElement)  { packPoly(out, t1, 10, 0) }
func unpackT1Generic(t1 *ringElement, in []byte) { unpackPoly(t1, in, 10, 0, 1<<10-1) }

// packEtaGeneric and unpackEta handle s1 and s2, with coefficients in
// [−η, η]; packEtaGeneric is the portable kernel behind packEta.
// unpackEta reports whether every coefficient was in range.
func packEtaGeneric(p *Params, out []byte, s *ringElement) {
	packPoly(out, s, p.etaBits, fieldElement(p.Eta))
}

func unpackEta(p *Params, s *ringElement, in []byte) bool {
	return unpackPoly(s, in, p.etaBits, fieldElement(p.Eta), uint32(2*p.Eta))
}

// packT0Generic and unpackT0 handle t0, with coefficients in (−2¹², 2¹²];
// packT0Generic is the portable kernel behind packT0.
func packT0Generic(out []byte, t0 *ringElement) { packPoly(out, t0, d, 1<<(d-1)) }
func unpackT0(t0 *ringElement, in []byte)       { unpackPoly(t0, in, d, 1<<(d-1), 1<<d-1) }

// packZ and unpackZ handle z (and y in ExpandMask), with coefficients in
// (−γ1, γ1].
func packZGeneric(p *Params, out []byte, z *ringElement) {
	packPoly(out, z, p.gamma1Bits, fieldElement(p.Gamma1))
}

func unpackZGeneric(p *Params, z *ringElement, in []byte) {
	unpackPoly(z, in, p.gamma1Bits, fieldElement(p.Gamma1), 1<<p.gamma1Bits-1)
}

// packW1Generic is w1Encode for one polynomial (Algorithm 28, FIPS 204).
func packW1Generic(p *Params, out []byte, w1 *ringElement) { packPoly(out, w1, p.w1Bits, 0) }
