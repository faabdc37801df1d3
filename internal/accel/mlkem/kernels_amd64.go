//go:build !purego

package mlkem

import (
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

//go:generate go -C ../_asm run ./mlkem -out ../mlkem/ring_amd64.s -stubs ../mlkem/ring_stubs_amd64.go -pkg mlkem

// Each kernel picks its implementation when called, from cpu.Active(): the
// generated AVX-512 kernels (32 coefficients per register) at level AVX512,
// the AVX2 kernels (16 per register) at level AVX2, the portable Go
// otherwise. The assembly keeps every value in [0, q) and in standard order
// at its boundary, so its outputs equal the portable kernels' bit for bit.

// words views a polynomial of either domain as the assembly's array type.
func words[T ~[n]fieldElement](f *T) *[n]uint16 { return (*[n]uint16)(unsafe.Pointer(f)) }

// nttInPlace replaces f by its NTT representation (FIPS 203, Algorithm 9)
// and returns it as that type.
func nttInPlace(f *ringElement) *nttElement {
	switch cpu.Active() {
	case cpu.AVX512:
		nttAVX512(words(f))
	case cpu.AVX2:
		nttAVX2(words(f))
	default:
		*f = ringElement(nttGeneric(f))
	}
	return (*nttElement)(f)
}

// inverseNTTInPlace replaces f by the polynomial whose NTT representation
// it is (FIPS 203, Algorithm 10) and returns it as that type.
func inverseNTTInPlace(f *nttElement) *ringElement {
	switch cpu.Active() {
	case cpu.AVX512:
		inverseNTTAVX512(words(f))
	case cpu.AVX2:
		inverseNTTAVX2(words(f))
	default:
		*f = nttElement(inverseNTTGeneric(f))
	}
	return (*ringElement)(f)
}

// dotProductTo sets out = init + Σ_{j<k} f[j] ∘ g[j] in T_q (FIPS 203,
// Algorithm 11), or the sum alone if init is nil, for 1 ≤ k ≤ maxK. out
// must not alias the inputs.
func dotProductTo(out, init *nttElement, f, g *[maxK]*nttElement, k int) {
	var initWords *[n]uint16
	if init != nil {
		initWords = words(init)
	}
	switch cpu.Active() {
	case cpu.AVX512:
		dotProductAVX512(words(out), initWords, polyWords(f), polyWords(g), k)
	case cpu.AVX2:
		dotProductAVX2(words(out), initWords, polyWords(f), polyWords(g), k)
	default:
		*out = dotProductGeneric(init, f, g, k)
	}
}

// samplePolyCBD samples f from D_η(R_q) using the 64·η bytes of b (FIPS
// 203, Algorithm 8), for η = 2 or 3, in constant time.
func samplePolyCBD(f *ringElement, b []byte, eta int) {
	level := cpu.Active()
	switch {
	case level == cpu.AVX512 && eta == 2:
		cbdEta2AVX512(words(f), (*[128]byte)(b))
	case level == cpu.AVX512 && eta == 3:
		cbdEta3AVX512(words(f), (*[192]byte)(b))
	case level == cpu.AVX2 && eta == 2:
		cbdEta2AVX2(words(f), (*[128]byte)(b))
	case level == cpu.AVX2 && eta == 3:
		cbdEta3AVX2(words(f), (*[192]byte)(b))
	default:
		samplePolyCBDGeneric(f, b, eta)
	}
}

// sampleNTTParse continues SampleNTT (FIPS 203, Algorithm 7) on the XOF
// output buf: it appends the 12-bit candidates below q to a, which already
// holds j coefficients, and returns the new count. len(buf) must be a
// multiple of 3; the kernels take whole 24-byte groups (both XOF buffer
// lengths, 168 and 504 bytes, are such), writing into a buffer with room for
// their last whole-vector store. Variable-time on public data, as the
// portable kernel.
func sampleNTTParse(a *nttElement, j int, buf []byte) int {
	level := cpu.Active()
	if level < cpu.AVX2 || j >= n || len(buf) < 24 || len(buf)%24 != 0 {
		return sampleNTTParseGeneric(a, j, buf)
	}
	var found [n + 16]uint16
	var c int
	if level == cpu.AVX512 {
		c = sampleNTTRejectAVX512(&found, &buf[0], len(buf)/24, n-j)
	} else {
		c = sampleNTTRejectAVX2(&found, &buf[0], len(buf)/24, n-j)
	}
	c = min(c, n-j)
	copy(words(a)[j:j+c], found[:c])
	return j + c
}

// packSlack is the room the AVX2 packing kernels need after an encoding:
// they move whole 16-byte halves at byte offsets. Their Go wrappers copy
// through a padded buffer, which they clear, since it may hold a message.
const packSlack = 32

// compressEncode writes ByteEncode_d(Compress_d(f)) (FIPS 203, Algorithm 5
// and Section 4.2.1), 32·d bytes, to b, in constant time.
func compressEncode(b []byte, f *ringElement, d uint) {
	b = b[:32*d]
	switch cpu.Active() {
	case cpu.AVX512:
		out := &b[0]
		switch d {
		case 1:
			compressEncode1AVX512(out, words(f))
		case 4:
			compressEncode4AVX512(out, words(f))
		case 5:
			compressEncode5AVX512(out, words(f))
		case 10:
			compressEncode10AVX512(out, words(f))
		case 11:
			compressEncode11AVX512(out, words(f))
		default:
			compressEncodeGeneric(b, f, d)
		}
	case cpu.AVX2:
		var buf [32*11 + packSlack]byte
		switch d {
		case 1:
			compressEncode1AVX2(&buf[0], words(f))
		case 4:
			compressEncode4AVX2(&buf[0], words(f))
		case 5:
			compressEncode5AVX2(&buf[0], words(f))
		case 10:
			compressEncode10AVX2(&buf[0], words(f))
		case 11:
			compressEncode11AVX2(&buf[0], words(f))
		default:
			compressEncodeGeneric(b, f, d)
			return
		}
		copy(b, buf[:])
		clear(buf[:])
	default:
		compressEncodeGeneric(b, f, d)
	}
}

// decodeDecompress returns Decompress_d(ByteDecode_d(b)) (FIPS 203,
// Algorithm 6 and Section 4.2.1) from 32·d bytes of b, in constant time.
func decodeDecompress(b []byte, d uint) ringElement {
	b = b[:32*d]
	var f ringElement
	switch cpu.Active() {
	case cpu.AVX512:
		in := &b[0]
		switch d {
		case 1:
			decodeDecompress1AVX512(words(&f), in)
		case 4:
			decodeDecompress4AVX512(words(&f), in)
		case 5:
			decodeDecompress5AVX512(words(&f), in)
		case 10:
			decodeDecompress10AVX512(words(&f), in)
		case 11:
			decodeDecompress11AVX512(words(&f), in)
		default:
			return decodeDecompressGeneric(b, d)
		}
	case cpu.AVX2:
		var buf [32*11 + packSlack]byte
		copy(buf[:], b)
		switch d {
		case 1:
			decodeDecompress1AVX2(words(&f), &buf[0])
		case 4:
			decodeDecompress4AVX2(words(&f), &buf[0])
		case 5:
			decodeDecompress5AVX2(words(&f), &buf[0])
		case 10:
			decodeDecompress10AVX2(words(&f), &buf[0])
		case 11:
			decodeDecompress11AVX2(words(&f), &buf[0])
		default:
			return decodeDecompressGeneric(b, d)
		}
		clear(buf[:])
	default:
		return decodeDecompressGeneric(b, d)
	}
	return f
}

// byteEncode12 encodes f, whose coefficients are in [0, q), as 384 bytes
// (ByteEncode_12, FIPS 203, Algorithm 5).
func byteEncode12[T ~[n]fieldElement](b []byte, f *T) {
	b = b[:encodedPolySize]
	switch cpu.Active() {
	case cpu.AVX512:
		encode12AVX512(&b[0], words(f))
	case cpu.AVX2:
		var buf [encodedPolySize + packSlack]byte
		encode12AVX2(&buf[0], words(f))
		copy(b, buf[:])
		clear(buf[:]) // ŝ is encoded this way too
	default:
		byteEncode12Generic(b, f)
	}
}

// byteDecode12Checked decodes 384 bytes into f, failing if any coefficient is
// at least q: the modulus check of FIPS 203, Section 7.2.
func byteDecode12Checked[T ~[n]fieldElement](f *T, b []byte) error {
	b = b[:encodedPolySize]
	var bad int
	switch cpu.Active() {
	case cpu.AVX512:
		bad = decode12CheckedAVX512(words(f), &b[0])
	case cpu.AVX2:
		var buf [encodedPolySize + packSlack]byte
		copy(buf[:], b)
		bad = decode12CheckedAVX2(words(f), &buf[0])
	default:
		return byteDecode12CheckedGeneric(f, b)
	}
	if bad != 0 {
		return errNotReduced
	}
	return nil
}

// byteDecode12Reduce decodes 384 bytes into f with each coefficient reduced
// modulo q (ByteDecode_12, FIPS 203, Algorithm 6), in constant time.
func byteDecode12Reduce[T ~[n]fieldElement](f *T, b []byte) {
	b = b[:encodedPolySize]
	switch cpu.Active() {
	case cpu.AVX512:
		decode12ReduceAVX512(words(f), &b[0])
	case cpu.AVX2:
		var buf [encodedPolySize + packSlack]byte
		copy(buf[:], b)
		decode12ReduceAVX2(words(f), &buf[0])
		clear(buf[:])
	default:
		byteDecode12ReduceGeneric(f, b)
	}
}

// polyAddTo sets out = f + g, coefficient-wise, for either domain; out may
// alias f or g.
func polyAddTo[T ~[n]fieldElement](out, f, g *T) {
	switch cpu.Active() {
	case cpu.AVX512:
		polyAddAVX512(words(out), words(f), words(g))
	case cpu.AVX2:
		polyAddAVX2(words(out), words(f), words(g))
	default:
		*out = polyAddGeneric(f, g)
	}
}

// polySubTo sets out = f − g, coefficient-wise, for either domain; out may
// alias f or g.
func polySubTo[T ~[n]fieldElement](out, f, g *T) {
	switch cpu.Active() {
	case cpu.AVX512:
		polySubAVX512(words(out), words(f), words(g))
	case cpu.AVX2:
		polySubAVX2(words(out), words(f), words(g))
	default:
		*out = polySubGeneric(f, g)
	}
}

// constantTimeEqual returns 1 if a and b, of equal length, hold the same
// bytes and 0 otherwise, reading every byte whatever the contents; the AVX2
// kernel (used at both SIMD levels) takes lengths that are multiples of 32,
// as every ciphertext length is.
func constantTimeEqual(a, b []byte) int {
	b = b[:len(a)]
	if cpu.Active() >= cpu.AVX2 && len(a) > 0 && len(a)%32 == 0 {
		return constantTimeEqualAVX2(&a[0], &b[0], len(a)/32)
	}
	return constantTimeEqualGeneric(a, b)
}

// polyWords views an array of polynomial pointers as the assembly's type.
func polyWords(f *[maxK]*nttElement) *[maxK]*[n]uint16 {
	return (*[maxK]*[n]uint16)(unsafe.Pointer(f))
}
