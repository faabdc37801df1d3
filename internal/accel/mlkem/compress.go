package mlkem

// compress returns Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d (FIPS 203, Section 4.2.1)
// for d < 12, in constant time: x may be secret (Decrypt compresses w), so the
// division by q is a Barrett multiplication, not a hardware divide.
func compress(x fieldElement, d uint) uint16 {
	// q is odd, so x·2^d/q is never exactly halfway between two integers and
	// rounding is ⌊(x·2^d + (q−1)/2) / q⌋.
	dividend := uint64(x)<<d + (q-1)/2
	quotient := (dividend * compressMultiplier) >> compressShift
	return uint16(quotient) & (1<<d - 1)
}

// compressMultiplier/2^compressShift replaces division by q in compress:
// with compressMultiplier = ⌈2^35/q⌉ = (2^35 + e)/q for some e < q, the
// quotient ⌊x·compressMultiplier / 2^35⌋ = ⌊x/q + x·e/(q·2^35)⌋ is exactly
// ⌊x/q⌋ whenever x·e < 2^35, which holds for every dividend x < 2^23 that
// compress forms (x < q·2^11 + q). TestCompress checks every input.
const (
	compressShift      = 35
	compressMultiplier = (1<<compressShift + q - 1) / q
)

// decompress returns Decompress_d(y) = ⌈(q/2^d)·y⌋ (FIPS 203, Section 4.2.1)
// for y < 2^d, d < 12.
func decompress(y uint16, d uint) fieldElement {
	return fieldElement((uint32(y)*q + 1<<(d-1)) >> d)
}

// compressPoly sets c[i] = Compress_d(f[i]).
func compressPoly(c *[n]uint16, f *ringElement, d uint) {
	for i := range f {
		c[i] = compress(f[i], d)
	}
}

// decompressPoly returns the polynomial with coefficients Decompress_d(c[i]).
func decompressPoly(c *[n]uint16, d uint) ringElement {
	var f ringElement
	for i := range f {
		f[i] = decompress(c[i], d)
	}
	return f
}

// compressEncodeGeneric writes ByteEncode_d(Compress_d(f)), 32·d bytes, to b:
// the portable kernel behind compressEncode.
func compressEncodeGeneric(b []byte, f *ringElement, d uint) {
	var c [n]uint16
	compressPoly(&c, f, d)
	byteEncode(b, &c, d)
}

// decodeDecompressGeneric returns Decompress_d(ByteDecode_d(b)) from 32·d
// bytes of b: the portable kernel behind decodeDecompress.
func decodeDecompressGeneric(b []byte, d uint) ringElement {
	var c [n]uint16
	byteDecode(&c, b, d)
	return decompressPoly(&c, d)
}
