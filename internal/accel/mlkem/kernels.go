package mlkem

import "unsafe"

// The kernel contract of package mlkem: each kernel's one dispatch point.
// A kernel asks its architecture's hook (…Arch, generated into
// kernels_<arch>.go, or kernels_noasm.go where there is no assembly) to run
// the active level's assembly, and otherwise runs its Go twin (…Generic).
// The assembly keeps every value in [0, q) and in standard order at its
// boundary, so its outputs equal the Go twins' bit for bit.

//go:generate go -C ../_asm run ./mlkem -out ../mlkem/kernels_amd64.s -stubs ../mlkem/kernels_amd64_stubs.go -arch ../mlkem/kernels_amd64.go -noasm ../mlkem/kernels_noasm.go -pkg mlkem
//go:generate go -C ../_asm run ./mlkem -goarch arm64 -out ../mlkem/kernels_arm64.s -stubs ../mlkem/kernels_arm64_stubs.go -arch ../mlkem/kernels_arm64.go -pkg mlkem
//go:generate go -C ../_asm run ./arm -pkg mlkem -out ../mlkem/kernels_arm.s -stubs ../mlkem/kernels_arm_stubs.go
//go:generate go -C ../_asm run ./mlkem -armstubs ../mlkem/kernels_arm_stubs.go -arch ../mlkem/kernels_arm.go -pkg mlkem

// words views a polynomial of either domain as the assembly's array type.
func words[T ~[n]fieldElement](f *T) *[n]uint16 { return (*[n]uint16)(unsafe.Pointer(f)) }

// polyWords views an array of polynomial pointers as the assembly's type.
func polyWords(f *[maxK]*nttElement) *[maxK]*[n]uint16 {
	return (*[maxK]*[n]uint16)(unsafe.Pointer(f))
}

// nttInPlace replaces f by its NTT representation (FIPS 203, Algorithm 9)
// and returns it as that type.
func nttInPlace(f *ringElement) *nttElement {
	if !nttArch(words(f)) {
		*f = ringElement(nttGeneric(f))
	}
	return (*nttElement)(f)
}

// inverseNTTInPlace replaces f by the polynomial whose NTT representation
// it is (FIPS 203, Algorithm 10) and returns it as that type.
func inverseNTTInPlace(f *nttElement) *ringElement {
	if !inverseNTTArch(words(f)) {
		*f = nttElement(inverseNTTGeneric(f))
	}
	return (*ringElement)(f)
}

// dotProductTo sets out = init + Σ_{j<k} f[j] ∘ g[j] in T_q (FIPS 203,
// Algorithms 11 and 12), or the sum alone if init is nil, for 1 ≤ k ≤ maxK.
// out must not alias the inputs.
func dotProductTo(out, init *nttElement, f, g *[maxK]*nttElement, k int) {
	var initWords *[n]uint16
	if init != nil {
		initWords = words(init)
	}
	if !dotProductArch(words(out), initWords, polyWords(f), polyWords(g), k) {
		*out = dotProductGeneric(init, f, g, k)
	}
}

// samplePolyCBD samples f from D_η(R_q) using the 64·η bytes of b (FIPS
// 203, Algorithm 8), for η = 2 or 3, in constant time.
func samplePolyCBD(f *ringElement, b []byte, eta int) {
	var ok bool
	switch eta {
	case 2:
		ok = cbdEta2Arch(words(f), (*[128]byte)(b))
	case 3:
		ok = cbdEta3Arch(words(f), (*[192]byte)(b))
	}
	if !ok {
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
	if !sampleNTTRejectArchAvailable() || j >= n || len(buf) < 24 || len(buf)%24 != 0 {
		return sampleNTTParseGeneric(a, j, buf)
	}
	// The word alignment lets the compiler clear found a word at a time on
	// 32-bit arm, where it clears a [n+16]uint16 a halfword at a time.
	var found struct {
		_ [0]uint32
		v [n + 16]uint16
	}
	c, _ := sampleNTTRejectArch(&found.v, &buf[0], len(buf)/24, n-j)
	c = min(c, n-j)
	copy(words(a)[j:j+c], found.v[:c])
	return j + c
}

// packSlack is the room the …Padded packing kernels need after an encoding:
// they move whole 16-byte halves at byte offsets. The contract copies
// through a padded buffer, which it clears, since it may hold a message.
const packSlack = 32

// compressEncode writes ByteEncode_d(Compress_d(f)) (FIPS 203, Algorithm 5
// and Section 4.2.1), 32·d bytes, to b, in constant time.
func compressEncode(b []byte, f *ringElement, d uint) {
	b = b[:32*d]
	if compressEncodeArch(d, &b[0], words(f)) {
		return
	}
	var buf [32*11 + packSlack]byte
	if compressEncodePaddedArch(d, &buf[0], words(f)) {
		copy(b, buf[:])
		clear(buf[:])
		return
	}
	compressEncodeGeneric(b, f, d)
}

// decodeDecompress returns Decompress_d(ByteDecode_d(b)) (FIPS 203,
// Algorithm 6 and Section 4.2.1) from 32·d bytes of b, in constant time.
func decodeDecompress(b []byte, d uint) ringElement {
	b = b[:32*d]
	var f ringElement
	if decodeDecompressArch(d, words(&f), &b[0]) {
		return f
	}
	var buf [32*11 + packSlack]byte
	copy(buf[:], b)
	ok := decodeDecompressPaddedArch(d, words(&f), &buf[0])
	clear(buf[:])
	if ok {
		return f
	}
	return decodeDecompressGeneric(b, d)
}

// byteEncode12 encodes f, whose coefficients are in [0, q), as 384 bytes
// (ByteEncode_12, FIPS 203, Algorithm 5).
func byteEncode12[T ~[n]fieldElement](b []byte, f *T) {
	b = b[:encodedPolySize]
	if encode12Arch(&b[0], words(f)) {
		return
	}
	var buf [encodedPolySize + packSlack]byte
	if encode12PaddedArch(&buf[0], words(f)) {
		copy(b, buf[:])
		clear(buf[:]) // ŝ is encoded this way too
		return
	}
	byteEncode12Generic(b, f)
}

// byteDecode12Checked decodes 384 bytes into f, failing if any coefficient is
// at least q: ByteDecode_12 (FIPS 203, Algorithm 6) with the modulus check
// of Section 7.2.
func byteDecode12Checked[T ~[n]fieldElement](f *T, b []byte) error {
	b = b[:encodedPolySize]
	bad, ok := decode12CheckedArch(words(f), &b[0])
	if !ok {
		var buf [encodedPolySize + packSlack]byte
		copy(buf[:], b)
		bad, ok = decode12CheckedPaddedArch(words(f), &buf[0])
	}
	if !ok {
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
	if decode12ReduceArch(words(f), &b[0]) {
		return
	}
	var buf [encodedPolySize + packSlack]byte
	copy(buf[:], b)
	ok := decode12ReducePaddedArch(words(f), &buf[0])
	clear(buf[:])
	if !ok {
		byteDecode12ReduceGeneric(f, b)
	}
}

// polyAddTo sets out = f + g, coefficient-wise, for either domain; out may
// alias f or g.
func polyAddTo[T ~[n]fieldElement](out, f, g *T) {
	if !polyAddArch(words(out), words(f), words(g)) {
		*out = polyAddGeneric(f, g)
	}
}

// polySubTo sets out = f − g, coefficient-wise, for either domain; out may
// alias f or g.
func polySubTo[T ~[n]fieldElement](out, f, g *T) {
	if !polySubArch(words(out), words(f), words(g)) {
		*out = polySubGeneric(f, g)
	}
}

// constantTimeEqual returns 1 if a and b, of equal length, hold the same
// bytes and 0 otherwise, reading every byte whatever the contents; the
// kernels take lengths that are multiples of 32, as every ciphertext length
// is.
func constantTimeEqual(a, b []byte) int {
	b = b[:len(a)]
	if len(a) > 0 && len(a)%32 == 0 {
		if eq, ok := constantTimeEqualArch(&a[0], &b[0], len(a)/32); ok {
			return eq
		}
	}
	return constantTimeEqualGeneric(a, b)
}

// constantTimeSelect sets dst to a if choice is 1 and to b if choice is 0,
// without branching on choice or on the bytes (Decaps' choice between K′
// and K̄, FIPS 203, Algorithm 18, lines 9–10). All three have the same
// length; the kernels take lengths that are multiples of 32, as the shared
// key's is.
func constantTimeSelect(dst, a, b []byte, choice int) {
	a, b = a[:len(dst)], b[:len(dst)]
	if len(dst) > 0 && len(dst)%32 == 0 && constantTimeSelectArch(&dst[0], &a[0], &b[0], len(dst)/32, choice) {
		return
	}
	constantTimeSelectGeneric(dst, a, b, choice)
}
