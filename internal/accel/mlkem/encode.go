package mlkem

import "errors"

// errNotReduced is returned by byteDecode12Checked for an encoding with a
// coefficient in [q, 4096).
var errNotReduced = errors.New("coefficient not reduced modulo q")

// byteEncode packs the 256 d-bit integers of c into 32·d bytes of b, least
// significant bit first (FIPS 203, Algorithm 5), for 1 ≤ d ≤ 12.
func byteEncode(b []byte, c *[n]uint16, d uint) {
	b = b[:32*d]
	var acc uint64
	var bits uint
	o := 0
	for _, v := range c {
		acc |= uint64(v) << bits
		bits += d
		for bits >= 8 {
			b[o] = byte(acc)
			o++
			acc >>= 8
			bits -= 8
		}
	}
}

// byteDecode unpacks 32·d bytes of b into 256 d-bit integers (FIPS 203,
// Algorithm 6, before the reduction modulo m), for 1 ≤ d ≤ 12.
func byteDecode(c *[n]uint16, b []byte, d uint) {
	b = b[:32*d]
	var acc uint64
	var bits uint
	i := 0
	mask := uint64(1)<<d - 1
	for _, v := range b {
		acc |= uint64(v) << bits
		bits += 8
		for bits >= d {
			c[i] = uint16(acc & mask)
			i++
			acc >>= d
			bits -= d
		}
	}
}

// byteEncode12Generic encodes f, whose coefficients are in [0, q), as 384 bytes
// (ByteEncode_12, FIPS 203, Algorithm 5).
func byteEncode12Generic[T ~[n]fieldElement](b []byte, f *T) {
	b = b[:encodedPolySize]
	for i := 0; i < n; i += 2 {
		x, y := uint32((*f)[i]), uint32((*f)[i+1])
		b[3*i/2] = byte(x)
		b[3*i/2+1] = byte(x>>8 | y<<4)
		b[3*i/2+2] = byte(y >> 4)
	}
}

// byteDecode12CheckedGeneric decodes 384 bytes into f, failing if any coefficient is
// at least q: the modulus check of FIPS 203, Section 7.2. It is for public data
// (encapsulation keys), so it may return early.
func byteDecode12CheckedGeneric[T ~[n]fieldElement](f *T, b []byte) error {
	b = b[:encodedPolySize]
	for i := 0; i < n; i += 2 {
		x := uint16(b[3*i/2]) | uint16(b[3*i/2+1]&0x0f)<<8
		y := uint16(b[3*i/2+1]>>4) | uint16(b[3*i/2+2])<<4
		if x >= q || y >= q {
			return errNotReduced
		}
		(*f)[i], (*f)[i+1] = fieldElement(x), fieldElement(y)
	}
	return nil
}

// byteDecode12ReduceGeneric decodes 384 bytes into f with each coefficient reduced
// modulo q (ByteDecode_12, FIPS 203, Algorithm 6), in constant time: it decodes
// the secret ŝ of an expanded decapsulation key.
func byteDecode12ReduceGeneric[T ~[n]fieldElement](f *T, b []byte) {
	b = b[:encodedPolySize]
	for i := 0; i < n; i += 2 {
		x := uint16(b[3*i/2]) | uint16(b[3*i/2+1]&0x0f)<<8
		y := uint16(b[3*i/2+1]>>4) | uint16(b[3*i/2+2])<<4
		// x, y < 4096 < 2q.
		(*f)[i], (*f)[i+1] = fieldReduceOnce(x), fieldReduceOnce(y)
	}
}
