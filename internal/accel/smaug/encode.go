package smaug

import "encoding/binary"

// The packings of the reference's pack.c. Each polynomial of R_q and R_p
// (for log p = 9) begins with the top eight bits of its 256 coefficients,
// one byte each; the remaining low bits follow in 16-bit little-endian words
// in a layout of the reference's own, described at each function. Every
// byte string of the right length decodes, so only lengths can be wrong.

// encodeRqGeneric, encodeRq in Go, writes the 32·log q bytes of a
// (coefficients in [0, q)) to b.
//
// log q = 10: word w = 16i + j (i < 2, j < 16) holds the two low bits of
// coefficient 128i + 16m + j at bits 14 − 2m, for m < 8.
// log q = 11: word 16i + j (i < 3) holds bit i of the low three bits of
// coefficient j at bit 0, and the low three bits of coefficient
// 80i + 16m + j at bits 16 − 3m … 18 − 3m, for 1 ≤ m ≤ 5.
func encodeRqGeneric(b []byte, a *poly, logQ uint) {
	b = b[:int(logQ)*n/8]
	hi, lo := (*[n]byte)(b[:n]), b[n:]
	if logQ == 10 {
		for i := range n {
			hi[i] = byte(a[i] >> 2)
		}
		for i := range 2 {
			var w [16]uint16
			for m := range 8 {
				row := (*[16]int32)(a[128*i+16*m:])
				shift := uint(14-2*m) & 15
				for j := range row {
					w[j] |= uint16(row[j]&3) << shift
				}
			}
			for j := range w {
				binary.LittleEndian.PutUint16(lo[2*(16*i+j):], w[j])
			}
		}
		return
	}
	for i := range n {
		hi[i] = byte(a[i] >> 3)
	}
	for i := range 3 {
		var w [16]uint16
		first := (*[16]int32)(a[:16])
		for j := range first {
			w[j] = uint16(first[j]>>(uint(i)&3)) & 1
		}
		for m := 1; m <= 5; m++ {
			row := (*[16]int32)(a[80*i+16*m:])
			shift := uint(16-3*m) & 15
			for j := range row {
				w[j] |= uint16(row[j]&7) << shift
			}
		}
		for j := range w {
			binary.LittleEndian.PutUint16(lo[2*(16*i+j):], w[j])
		}
	}
}

// decodeRqGeneric is the inverse of encodeRq, in Go.
func decodeRqGeneric(a *poly, b []byte, logQ uint) {
	b = b[:int(logQ)*n/8]
	hi, lo := (*[n]byte)(b[:n]), b[n:]
	if logQ == 10 {
		for i := range n {
			a[i] = int32(hi[i]) << 2
		}
		for i := range 2 {
			var w [16]int32
			for j := range w {
				w[j] = int32(binary.LittleEndian.Uint16(lo[2*(16*i+j):]))
			}
			for m := range 8 {
				row := (*[16]int32)(a[128*i+16*m:])
				shift := uint(14-2*m) & 15
				for j := range row {
					row[j] |= w[j] >> shift & 3
				}
			}
		}
		return
	}
	for i := range n {
		a[i] = int32(hi[i]) << 3
	}
	for i := range 3 {
		var w [16]int32
		for j := range w {
			w[j] = int32(binary.LittleEndian.Uint16(lo[2*(16*i+j):]))
		}
		first := (*[16]int32)(a[:16])
		for j := range first {
			first[j] |= (w[j] & 1) << (uint(i) & 3)
		}
		for m := 1; m <= 5; m++ {
			row := (*[16]int32)(a[80*i+16*m:])
			shift := uint(16-3*m) & 15
			for j := range row {
				row[j] |= w[j] >> shift & 7
			}
		}
	}
}

// rpBytesEncodeGeneric is rpBytesEncode in Go.
func rpBytesEncodeGeneric(b *[n]byte, a *poly) {
	for i, c := range a {
		b[i] = byte(c)
	}
}

// rpBytesDecodeGeneric is rpBytesDecode in Go.
func rpBytesDecodeGeneric(a *poly, b *[n]byte) {
	for i := range a {
		a[i] = int32(b[i])
	}
}

// encodeRp writes the 32·log p bytes of a (coefficients in [0, p)) to b:
// for log p = 8 one byte a coefficient; for log p = 9 the low bytes, then 16
// words of which word j holds bit 8 of coefficient 16m + j at bit 15 − m.
func encodeRp(b []byte, a *poly, logP uint) {
	b = b[:int(logP)*n/8]
	rpBytesEncode((*[n]byte)(b), a)
	if logP == 8 {
		return
	}
	high := (*[32]byte)(b[n:])
	if !rpHighEncodeArch(high, (*[n]int32)(a)) {
		rpHighEncodeGeneric(high, a)
	}
}

// rpHighEncodeGeneric writes the ninth-bit part of the R_p packing for
// log p = 9: word j holds bit 8 of coefficient 16m + j at bit 15 − m.
func rpHighEncodeGeneric(b *[32]byte, a *poly) {
	for j := range 16 {
		var w uint16
		for m := range 16 {
			w |= uint16(a[16*m+j]>>8&1) << (15 - m)
		}
		binary.LittleEndian.PutUint16(b[2*j:], w)
	}
}

// decodeRp is the inverse of encodeRp.
func decodeRp(a *poly, b []byte, logP uint) {
	b = b[:int(logP)*n/8]
	rpBytesDecode(a, (*[n]byte)(b))
	if logP == 8 {
		return
	}
	high := (*[32]byte)(b[n:])
	if !rpHighDecodeArch((*[n]int32)(a), high) {
		rpHighDecodeGeneric(a, high)
	}
}

// rpHighDecodeGeneric ORs the ninth bits of the R_p packing for log p = 9
// into a (rpHighEncodeGeneric's inverse, on a holding the low bytes).
func rpHighDecodeGeneric(a *poly, b *[32]byte) {
	for j := range 16 {
		w := binary.LittleEndian.Uint16(b[2*j:])
		for m := range 16 {
			a[16*m+j] |= int32(w>>(15-m)&1) << 8
		}
	}
}

// encodeRp2 writes the 32·log p' bytes of a (coefficients in [0, p')) to b:
// for log p' = 3 (TiMER), 24-bit big-endian groups of eight; for log p' = 4
// and 5, plain little-endian bit packing; for log p' = 7, the
// low seven bits of coefficients 0 … 223 one byte each, and coefficients
// 224 + 16i + j (i < 2, j < 16) spread over those bytes' top bits: bit 6 − m
// of it is the top bit of byte 2(16m + j) + i.
func encodeRp2(b []byte, a *poly, logP2 uint) {
	switch logP2 {
	case 3:
		out := (*[3 * n / 8]byte)(b)
		if !rp3EncodeArch(out, (*[n]int32)(a)) {
			rp3EncodeGeneric(out, a)
		}
	case 4, 5:
		packBits(b[:int(logP2)*n/8], a, logP2)
	case 7:
		out := (*[7 * n / 8]byte)(b)
		if !rp7EncodeArch(out, (*[n]int32)(a)) {
			rp7EncodeGeneric(out, a)
		}
	}
}

// rp3EncodeGeneric is encodeRp2's packing for log p' = 3 (TiMER) in Go:
// eight coefficients a 24-bit big-endian group, the first in the top bits.
func rp3EncodeGeneric(b *[3 * n / 8]byte, a *poly) {
	for g := range n / 8 {
		var t uint32
		for j := range 8 {
			t |= uint32(a[8*g+j]&7) << (3 * (7 - j))
		}
		b[3*g], b[3*g+1], b[3*g+2] = byte(t>>16), byte(t>>8), byte(t)
	}
}

// rp7EncodeGeneric is encodeRp2's packing for log p' = 7 in Go.
func rp7EncodeGeneric(b *[7 * n / 8]byte, a *poly) {
	for i := range 224 {
		b[i] = byte(a[i] & 0x7f)
	}
	for i := range 2 {
		for m := range 7 {
			for j := range 16 {
				bit := byte(a[224+16*i+j]>>(6-m)) & 1
				b[2*(16*m+j)+i] |= bit << 7
			}
		}
	}
}

// decodeRp2 is the inverse of encodeRp2.
func decodeRp2(a *poly, b []byte, logP2 uint) {
	switch logP2 {
	case 3:
		in := (*[3 * n / 8]byte)(b)
		if !rp3DecodeArch((*[n]int32)(a), in) {
			rp3DecodeGeneric(a, in)
		}
	case 4, 5:
		unpackBits(a, b[:int(logP2)*n/8], logP2)
	case 7:
		in := (*[7 * n / 8]byte)(b)
		if !rp7DecodeArch((*[n]int32)(a), in) {
			rp7DecodeGeneric(a, in)
		}
	}
}

// rp3DecodeGeneric is decodeRp2's unpacking for log p' = 3 (TiMER) in Go,
// rp3EncodeGeneric's inverse.
func rp3DecodeGeneric(a *poly, b *[3 * n / 8]byte) {
	for g := range n / 8 {
		t := uint32(b[3*g])<<16 | uint32(b[3*g+1])<<8 | uint32(b[3*g+2])
		for j := range 8 {
			a[8*g+j] = int32(t>>(3*(7-j))) & 7
		}
	}
}

// rp7DecodeGeneric is decodeRp2's unpacking for log p' = 7 (SMAUG-T256) in
// Go, rp7EncodeGeneric's inverse.
func rp7DecodeGeneric(a *poly, b *[7 * n / 8]byte) {
	for i := range 224 {
		a[i] = int32(b[i] & 0x7f)
	}
	for i := range 2 {
		for j := range 16 {
			var c int32
			for m := range 7 {
				c |= int32(b[2*(16*m+j)+i]>>7) << (6 - m)
			}
			a[224+16*i+j] = c
		}
	}
}

// packBits writes the d-bit coefficients of a to b, for d = 4 or 5,
// little-endian: bit t of coefficient i is bit d·i + t of b. Two
// coefficients fill a byte for d = 4, eight fill five bytes for d = 5;
// the coefficients are below 2^d. For d = 5 it asks its kernel.
func packBits(b []byte, a *poly, d uint) {
	if d == 5 && packBits5Arch((*[5 * n / 8]byte)(b), (*[n]int32)(a)) {
		return
	}
	packBitsGeneric(b, a, d)
}

// packBitsGeneric is packBits in Go.
func packBitsGeneric(b []byte, a *poly, d uint) {
	if d == 4 {
		b = b[:n/2]
		for i := range b {
			b[i] = byte(a[2*i]&15) | byte(a[2*i+1]&15)<<4
		}
		return
	}
	b = b[:5*n/8]
	for g := range n / 8 {
		c := (*[8]int32)(a[8*g:])
		var t uint64
		for j := range c {
			t |= uint64(c[j]&31) << (5 * j)
		}
		out := (*[5]byte)(b[5*g:])
		binary.LittleEndian.PutUint32(out[:4], uint32(t))
		out[4] = byte(t >> 32)
	}
}

// unpackBits is the inverse of packBits.
func unpackBits(a *poly, b []byte, d uint) {
	if d == 4 {
		b = b[:n/2]
		for i, x := range b {
			a[2*i], a[2*i+1] = int32(x&15), int32(x>>4)
		}
		return
	}
	b = b[:5*n/8]
	for g := range n / 8 {
		in := (*[5]byte)(b[5*g:])
		t := uint64(binary.LittleEndian.Uint32(in[:4])) | uint64(in[4])<<32
		c := (*[8]int32)(a[8*g:])
		for j := range c {
			c[j] = int32(t>>(5*j)) & 31
		}
	}
}

// encodeSecretGeneric writes the 64 bytes of a ternary polynomial: two bits a
// coefficient, little-endian within each byte, 0 → 00, 1 → 01, −1 → 11.
func encodeSecretGeneric(b *[secretPolySize]byte, s *poly) {
	for i := range n / 4 {
		var v byte
		for j := range 4 {
			v |= byte(s[4*i+j]&3) << (2 * j)
		}
		b[i] = v
	}
}

// decodeSecret is the inverse of encodeSecret. It returns 1 if every code
// was one of the three encodeSecret writes (the reference reads the fourth,
// 10, as −1) and 0 otherwise, and the number of non-zero coefficients,
// without branching on the bytes.
func decodeSecret(s *poly, b []byte) (valid, weight int) {
	bad := 0
	for i := range n / 4 {
		for j := range 4 {
			c := int32(b[i]>>(2*j)) & 3
			s[4*i+j] = c | -(c >> 1) // 00→0, 01→1, 11→−1, 10→−1
			bad |= int(c>>1) &^ int(c&1)
			weight += int(c>>1 | c&1)
		}
	}
	return bad ^ 1, weight
}
