package nccsign

// The encodings of the round-1 code are little-endian bit strings: value
// i of an encoded polynomial occupies bits [i·w, (i+1)·w), and the last
// byte is padded with zero bits. Signed coefficients are stored as
// offset − a (η − s for s1 and s2, 2^(d−1) − t0 for t0, γ1 − z for z).

// packBits writes vals, each below 2^w, to dst (packedLen(len(vals), w)
// bytes).
func packBits(dst []byte, vals []uint32, w int) {
	var acc uint64
	nacc, j := 0, 0
	for _, v := range vals {
		acc |= uint64(v) << nacc
		for nacc += w; nacc >= 8; nacc -= 8 {
			dst[j] = byte(acc)
			acc >>= 8
			j++
		}
	}
	if nacc > 0 {
		dst[j] = byte(acc)
	}
}

// unpackBits reads len(vals) values of w bits from src and reports whether
// the padding bits of the last byte are zero.
func unpackBits(vals []uint32, src []byte, w int) bool {
	var acc uint64
	nacc, j := 0, 0
	for i := range vals {
		for nacc < w {
			acc |= uint64(src[j]) << nacc
			j++
			nacc += 8
		}
		vals[i] = uint32(acc) & (1<<w - 1)
		acc >>= w
		nacc -= w
	}
	return acc == 0
}

// packOffset encodes offset − a_i in w bits.
func packOffset(dst []byte, a poly, offset int32, w int) {
	v := make([]uint32, len(a))
	for i, x := range a {
		v[i] = uint32(offset - x)
	}
	packBits(dst, v, w)
}

// unpackOffset decodes a_i = offset − v_i and reports whether the padding
// is zero and every v_i ≤ maxV.
func unpackOffset(a poly, src []byte, offset int32, w int, maxV uint32) bool {
	v := make([]uint32, len(a))
	ok := unpackBits(v, src, w)
	for i, x := range v {
		ok = ok && x <= maxV
		a[i] = offset - int32(x)
	}
	return ok
}

// unpackZ decodes an encoded z (or the stream y is drawn from), whose every
// 20-bit value is valid, and reports whether the padding is zero.
func unpackZ(z poly, src []byte) bool {
	return unpackOffset(z, src, gamma1, zBits, 1<<zBits-1)
}

// packUnsigned encodes the coefficients of a, each in [0, 2^w).
func packUnsigned(dst []byte, a poly, w int) {
	v := make([]uint32, len(a))
	for i, x := range a {
		v[i] = uint32(x)
	}
	packBits(dst, v, w)
}

// unpackUnsigned decodes w-bit coefficients and reports whether the
// padding is zero.
func unpackUnsigned(a poly, src []byte, w int) bool {
	v := make([]uint32, len(a))
	ok := unpackBits(v, src, w)
	for i, x := range v {
		a[i] = int32(x)
	}
	return ok
}
