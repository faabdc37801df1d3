package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The packing kernels are AVX-512 only (VBMI's VPERMB and VPMULTISHIFTQB
// move bytes and bit fields across the register; byte-masked loads and
// stores touch exactly the encoding's bytes). Each handles 32 coefficients,
// 4·d bytes, per step. They are constant-time: compress and encode run on
// secret-dependent values (the message in decryption), and only arithmetic,
// fixed shuffles and fixed masks touch them.

// compressParams are the constants of Compress_d on 16-bit lanes: t =
// ⌊(x·2^k)·m / 2^16⌋ >> sh approximates ⌊x·2^(d+1)/q⌋, exactly for d ≤ 5
// and within one for d = 10, 11, where a correction from the remainder
// x·2^(d+1) − t·q (exact in 16 bits, since it lies in [−q, 2q)) fixes it;
// then Compress_d(x) = ⌊(t+1)/2⌋ mod 2^d. TestPackingMatchesPortable
// checks every input in [0, q).
type compressParams struct {
	k, sh   int
	m       int16
	correct bool
}

var compressConstants = map[int]compressParams{
	1:  {0, 2, 315, false},
	4:  {0, 0, 630, false},
	5:  {0, 0, 1260, false},
	10: {0, 0, 40318 - 1<<16, true},
	11: {1, 0, 40318 - 1<<16, true},
}

// byteMask returns a k-register mask of the low count bytes, loaded into k.
func byteMask(count int, k Register) {
	r := GP64()
	MOVQ(U64(uint64(1)<<count-1), r)
	if count == 64 {
		MOVQ(I64(-1), r)
	}
	KMOVQ(r, k)
}

// compressEncodeKernel emits ByteEncode_d(Compress_d(f)) (FIPS 203,
// Algorithm 5 and Section 4.2.1) into 32·d bytes.
func compressEncodeKernel(d int) {
	w := avx512
	name := fmt.Sprintf("compressEncode%dAVX512", d)
	TEXT(name, NOSPLIT, "func(out *byte, f *[256]uint16)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s writes ByteEncode_%d(Compress_%d(f)) (FIPS 203, Algorithm 5), %d bytes, to out, in constant time.", name, d, d, 32*d))
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	cp := compressConstants[d]
	qv, mv, one, maskD, x, t, u := Z31, Z30, Z29, Z28, Z0, Z1, Z2
	w.load(w.data.splat(q, 32), qv)
	w.load(w.data.splat(cp.m, 32), mv)
	w.load(w.data.splat(1, 32), one)
	w.load(w.data.splat(int16(1<<d-1), 32), maskD)
	outBytes := 4 * d
	if d != 1 {
		byteMask(outBytes, K3)
	}
	pk := newPacker(d)
	for i := range 8 {
		w.load(Mem{Base: f, Disp: 64 * i}, x)
		w.compress(d, x, t, u, qv, mv, one, maskD)
		pk.store(t, Mem{Base: out, Disp: outBytes * i})
	}
	w.end()
}

// compress sets t = Compress_d(x) for x in [0, q) with the constants of
// compressConstants[d] in mv, 1 in one, 2^d − 1 in maskD; x and u are
// clobbered.
func (w width) compress(d int, x, t, u, qv, mv, one, maskD VecPhysical) {
	cp := compressConstants[d]
	// t ≈ ⌊x·2^(d+1)/q⌋.
	if cp.k > 0 {
		VPSLLW(U8(cp.k), x, t)
		VPMULHUW(mv, t, t)
	} else {
		VPMULHUW(mv, x, t)
	}
	if cp.sh > 0 {
		VPSRLW(U8(cp.sh), t, t)
	}
	if cp.correct {
		// r = x·2^(d+1) − t·q; t += [r ≥ q] − [r < 0].
		VPSLLW(U8(d+1), x, u)
		VPMULLW(qv, t, x)
		VPSUBW(x, u, u)
		if w.lanes == 32 {
			VPCMPGTW(w.data.splat(q-1, 32), u, K1) // r > q−1
			VPADDW(one, t, K1, t)                  // +1 where r ≥ q
		} else {
			VPCMPGTW(w.data.splat(q-1, 16), u, x) // −1 where r > q−1
			VPSUBW(x, t, t)
		}
		VPSRAW(U8(15), u, x) // −1 where r < 0
		VPADDW(x, t, t)
	}
	VPADDW(one, t, t)
	VPSRLW(U8(1), t, t)
	w.vand(maskD, t, t)
}

// packer turns 32 d-bit words into their 4·d-byte little-endian bit string
// and stores it.
type packer struct {
	d            int
	pairMul, idx Mem
}

func newPacker(d int) *packer {
	p := &packer{d: d}
	if d == 1 {
		return p
	}
	mul := make([]int16, 32)
	for i := 0; i < 32; i += 2 {
		mul[i], mul[i+1] = 1, int16(1<<d)
	}
	p.pairMul = avx512.data.words(mul)
	idx := make([]byte, 64)
	switch d {
	case 4, 10, 12:
		// Qword c holds coefficients 4c…4c+3 in its low 4d bits (d/2 bytes).
		// For d = 12, dword c holds coefficients 2c, 2c+1 in 24 bits.
		per, stride := d/2, 8
		if d == 12 {
			per, stride = 3, 4
		}
		for c := 0; c < 64/stride; c++ {
			for b := range per {
				if c*per+b < 64 {
					idx[c*per+b] = byte(c*stride + b)
				}
			}
		}
	case 5:
		// Even qword 2j holds coefficients 8j…8j+7 in 40 bits.
		for j := range 4 {
			for b := range 5 {
				idx[5*j+b] = byte(16*j + b)
			}
		}
	case 11:
		// Pair j: bytes 0–5 from the merged register (table 1), bytes 6–10
		// from the high qword shifted down by 4 (table 2).
		for j := range 4 {
			for b := range 11 {
				if b < 6 {
					idx[11*j+b] = byte(16*j + b)
				} else {
					idx[11*j+b] = byte(64 + 16*j + 8 + b - 6)
				}
			}
		}
	}
	p.idx = avx512.data.raw(idx)
	return p
}

// store packs the 32 d-bit words in v (clobbering v and Z5–Z7) and writes
// them to m.
func (p *packer) store(v VecPhysical, m Mem) {
	d := p.d
	if d == 1 {
		r := GP32()
		VPSLLW(U8(15), v, v)
		VPMOVW2M(v, K1)
		KMOVD(K1, r)
		MOVL(r, m)
		return
	}
	t, u, idx := Z5, Z6, Z7
	avx512.joinFields(d, p.pairMul, v, t, u)
	VMOVDQU64(p.idx, idx)
	if d == 11 {
		VPERMI2B(u, v, idx)
	} else {
		VPERMB(v, idx, idx)
	}
	VMOVDQU8(idx, K3, m)
}

// joinFields packs the d-bit words of v (for d ≥ 4) within each 128-bit
// half, the part of the packing both widths share: pairs of words into
// 32-bit words (VPMADDWD by (1, 2^d)), pairs of those into 64-bit words
// (except for d = 12, whose 24-bit pairs are whole bytes), and for d = 5
// the two 64-bit words of a half into the low one. For d = 11 it also
// leaves in u the high 64-bit word shifted down by 4, and merges into
// byte 5 of the low one the bottom nibble of the high one: the 11 bytes of
// a half are then bytes 0–5 of v and 8–12 of u. t is clobbered.
func (w width) joinFields(d int, pairMul Mem, v, t, u VecPhysical) {
	VPMADDWD(pairMul, v, v) // dword = c0 + c1·2^d
	if d != 12 {
		// qword = dword0 + dword1·2^(2d).
		VPSRLQ(U8(32), v, t)
		VPSLLQ(U8(2*d), t, t)
		w.vand(w.splat64(0xffffffff), v, v)
		w.vor(t, v, v)
	}
	switch d {
	case 5:
		// Even qword 2j += qword 2j+1 · 2^20.
		VPSRLDQ(U8(8), v, t)
		VPSLLQ(U8(20), t, t)
		w.vor(t, v, v)
	case 11:
		// Byte 5 of the pair is the top nibble of the low qword and the
		// bottom nibble of the high one.
		VPSLLQ(U8(4), v, t)
		w.vand(w.oddQwords(), t, t)
		VPSRLDQ(U8(3), t, t)
		VPSRLQ(U8(4), v, u)
		w.vor(t, v, v)
	}
}

// oddQwords returns a mask of the odd 64-bit words.
func (w width) oddQwords() Mem {
	v := make([]int16, w.lanes)
	for i := 4; i < w.lanes; i += 8 {
		for j := range 4 {
			v[i+j] = -1
		}
	}
	return w.data.words(v)
}

// decodeHeader emits the TEXT, pragma and doc of a decoding kernel: d = 12
// with mode "check" or "reduce", Decompress_d∘ByteDecode_d otherwise. slack
// is appended to the description of the input.
func (w width) decodeHeader(d int, mode, slack string) {
	name := fmt.Sprintf("decodeDecompress%d%s", d, w.suffix)
	signature := "func(f *[256]uint16, b *byte)"
	doc := fmt.Sprintf("%s sets f to Decompress_%d(ByteDecode_%d(b)) (FIPS 203, Algorithm 6), from %d bytes%s, in constant time.", name, d, d, 32*d, slack)
	switch mode {
	case "check":
		name = "decode12Checked" + w.suffix
		signature = "func(f *[256]uint16, b *byte) int"
		doc = name + " sets f to ByteDecode_12(b) from 384 bytes" + slack + " and returns 1 if a coefficient is q or more (the FIPS 203 modulus check), 0 otherwise."
	case "reduce":
		name = "decode12Reduce" + w.suffix
		doc = name + " sets f to ByteDecode_12(b) (FIPS 203, Algorithm 6) from 384 bytes" + slack + ", each coefficient reduced modulo q, in constant time."
	}
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	Doc(doc)
}

// decodeDecompressKernel emits Decompress_d(ByteDecode_d(b)) (FIPS 203,
// Algorithm 6 and Section 4.2.1) from 32·d bytes, or for d = 12 the plain
// ByteDecode_12 with the modulus check (returning 1 if a coefficient is
// q or more) or with the reduction modulo q.
func decodeDecompressKernel(d int, mode string) {
	w := avx512
	w.decodeHeader(d, mode, "")
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	qv, x, t, idx, ctrl, maskD, bad := Z31, Z0, Z1, Z2, Z3, Z4, Z5
	w.load(w.data.splat(q, 32), qv)
	inBytes := 4 * d
	byteMask(inBytes, K3)
	if d != 1 {
		// VPERMB: qword c receives the 8 bytes from the one holding bit
		// 4·c·d; VPMULTISHIFTQB: word h of qword c starts at bit
		// (4·c·d mod 8) + h·d of those bytes.
		perm := make([]byte, 64)
		shifts := make([]byte, 64)
		for c := range 8 {
			start := 4 * c * d / 8
			for i := range 8 {
				perm[8*c+i] = byte(min(start+i, 63))
			}
			for h := range 4 {
				off := 4*c*d%8 + h*d
				shifts[8*c+2*h], shifts[8*c+2*h+1] = byte(off), byte(off+8)
			}
		}
		w.load(w.data.raw(perm), idx)
		w.load(w.data.raw(shifts), ctrl)
		w.load(w.data.splat(int16(1<<d-1), 32), maskD)
	} else {
		w.load(w.data.splat((q+1)/2, 32), maskD)
	}
	if mode == "check" {
		VPXORD(bad, bad, bad)
	}
	for i := range 8 {
		if d == 1 {
			KMOVD(Mem{Base: b, Disp: 4 * i}, K1)
			VPMOVM2W(K1, x)
			VPANDD(maskD, x, x) // Decompress_1(1) = ⌈q/2⌋ = 1665
		} else {
			VMOVDQU8_Z(Mem{Base: b, Disp: inBytes * i}, K3, x)
			VPERMB(x, idx, x)
			VPMULTISHIFTQB(x, ctrl, x)
			VPANDD(maskD, x, x)
			switch {
			case mode == "check":
				VPCMPUW(U8(5), qv, x, K1) // x ≥ q
				VPMOVM2W(K1, t)
				VPORD(t, bad, bad)
			case mode == "reduce":
				w.reduceOnce(x, qv, t) // x < 4096 < 2q
			default:
				// Decompress_d(y) = ⌊(y·2^(15−d)·q + 2^14) / 2^15⌋.
				VPSLLW(U8(15-d), x, x)
				VPMULHRSW(qv, x, x)
			}
		}
		w.store(x, Mem{Base: f, Disp: 64 * i})
	}
	if mode == "check" {
		// The encoding is public (an encapsulation key): a branch-free
		// answer is not needed, but SETNE gives one anyway.
		m, r := GP32(), GP64()
		VPTESTMW(bad, bad, K1)
		KMOVD(K1, m)
		XORQ(r, r)
		TESTL(m, m)
		SETNE(r.As8())
		Store(r, ReturnIndex(0))
	}
	w.end()
}

// encode12Kernel emits ByteEncode_12 (FIPS 203, Algorithm 5) of f, whose
// coefficients are in [0, q), into 384 bytes.
func encode12Kernel() {
	w := avx512
	name := "encode12AVX512"
	TEXT(name, NOSPLIT, "func(out *byte, f *[256]uint16)")
	Pragma("noescape")
	Doc(name + " writes ByteEncode_12(f) (FIPS 203, Algorithm 5), 384 bytes, to out.")
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	byteMask(48, K3)
	pk := newPacker(12)
	for i := range 8 {
		w.load(Mem{Base: f, Disp: 64 * i}, Z0)
		pk.store(Z0, Mem{Base: out, Disp: 48 * i})
	}
	w.end()
}
