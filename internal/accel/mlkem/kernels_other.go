//go:build !amd64 || purego

package mlkem

// nttInPlace replaces f by its NTT representation (FIPS 203, Algorithm 9)
// and returns it as that type.
func nttInPlace(f *ringElement) *nttElement {
	*f = ringElement(nttGeneric(f))
	return (*nttElement)(f)
}

// inverseNTTInPlace replaces f by the polynomial whose NTT representation
// it is (FIPS 203, Algorithm 10) and returns it as that type.
func inverseNTTInPlace(f *nttElement) *ringElement {
	*f = nttElement(inverseNTTGeneric(f))
	return (*ringElement)(f)
}

// dotProductTo sets out = init + Σ_{j<k} f[j] ∘ g[j] in T_q (FIPS 203,
// Algorithm 11), or the sum alone if init is nil, for 1 ≤ k ≤ maxK.
func dotProductTo(out, init *nttElement, f, g *[maxK]*nttElement, k int) {
	*out = dotProductGeneric(init, f, g, k)
}

// samplePolyCBD samples f from D_η(R_q) using the 64·η bytes of b (FIPS
// 203, Algorithm 8), for η = 2 or 3, in constant time.
func samplePolyCBD(f *ringElement, b []byte, eta int) { samplePolyCBDGeneric(f, b, eta) }

// sampleNTTParse continues SampleNTT (FIPS 203, Algorithm 7) on the XOF
// output buf; see sampleNTTParseGeneric.
func sampleNTTParse(a *nttElement, j int, buf []byte) int { return sampleNTTParseGeneric(a, j, buf) }

// compressEncode writes ByteEncode_d(Compress_d(f)), 32·d bytes, to b.
func compressEncode(b []byte, f *ringElement, d uint) { compressEncodeGeneric(b, f, d) }

// decodeDecompress returns Decompress_d(ByteDecode_d(b)) from 32·d bytes.
func decodeDecompress(b []byte, d uint) ringElement { return decodeDecompressGeneric(b, d) }

// byteEncode12 encodes f, whose coefficients are in [0, q), as 384 bytes.
func byteEncode12[T ~[n]fieldElement](b []byte, f *T) { byteEncode12Generic(b, f) }

// byteDecode12Checked decodes 384 bytes into f with the FIPS 203 modulus
// check.
func byteDecode12Checked[T ~[n]fieldElement](f *T, b []byte) error {
	return byteDecode12CheckedGeneric(f, b)
}

// byteDecode12Reduce decodes 384 bytes into f, reducing modulo q.
func byteDecode12Reduce[T ~[n]fieldElement](f *T, b []byte) { byteDecode12ReduceGeneric(f, b) }

// polyAddTo sets out = f + g, coefficient-wise, for either domain.
func polyAddTo[T ~[n]fieldElement](out, f, g *T) { *out = polyAddGeneric(f, g) }

// polySubTo sets out = f − g, coefficient-wise, for either domain.
func polySubTo[T ~[n]fieldElement](out, f, g *T) { *out = polySubGeneric(f, g) }

// constantTimeEqual returns 1 if a and b, of equal length, hold the same
// bytes and 0 otherwise, reading every byte whatever the contents.
func constantTimeEqual(a, b []byte) int { return constantTimeEqualGeneric(a, b) }
