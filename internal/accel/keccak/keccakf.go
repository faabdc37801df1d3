package keccak

import "math/bits"

// roundConstants are the ι-step constants RC[ir] of FIPS 202, Algorithm 6.
var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// permuteX1Generic applies Keccak-f[1600] (FIPS 202, Algorithm 7 with 24 rounds) to a,
// where lane (x, y) is a[x+5y]. The 25 lanes live in local variables; each
// round is θ, ρ and π fused into one step into b, then χ back into a, then ι.
func permuteX1Generic(state *[25]uint64) {
	a00 := state[0]
	a01 := state[1]
	a02 := state[2]
	a03 := state[3]
	a04 := state[4]
	a05 := state[5]
	a06 := state[6]
	a07 := state[7]
	a08 := state[8]
	a09 := state[9]
	a10 := state[10]
	a11 := state[11]
	a12 := state[12]
	a13 := state[13]
	a14 := state[14]
	a15 := state[15]
	a16 := state[16]
	a17 := state[17]
	a18 := state[18]
	a19 := state[19]
	a20 := state[20]
	a21 := state[21]
	a22 := state[22]
	a23 := state[23]
	a24 := state[24]
	for round := 0; round < 24; round++ {
		// θ (Algorithm 1).
		c0 := a00 ^ a05 ^ a10 ^ a15 ^ a20
		c1 := a01 ^ a06 ^ a11 ^ a16 ^ a21
		c2 := a02 ^ a07 ^ a12 ^ a17 ^ a22
		c3 := a03 ^ a08 ^ a13 ^ a18 ^ a23
		c4 := a04 ^ a09 ^ a14 ^ a19 ^ a24
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)
		// ρ and π (Algorithms 2 and 3): lane (x, y) moves to (y, 2x+3y).
		b00 := a00 ^ d0
		b10 := bits.RotateLeft64(a01^d1, 1)
		b20 := bits.RotateLeft64(a02^d2, 62)
		b05 := bits.RotateLeft64(a03^d3, 28)
		b15 := bits.RotateLeft64(a04^d4, 27)
		b16 := bits.RotateLeft64(a05^d0, 36)
		b01 := bits.RotateLeft64(a06^d1, 44)
		b11 := bits.RotateLeft64(a07^d2, 6)
		b21 := bits.RotateLeft64(a08^d3, 55)
		b06 := bits.RotateLeft64(a09^d4, 20)
		b07 := bits.RotateLeft64(a10^d0, 3)
		b17 := bits.RotateLeft64(a11^d1, 10)
		b02 := bits.RotateLeft64(a12^d2, 43)
		b12 := bits.RotateLeft64(a13^d3, 25)
		b22 := bits.RotateLeft64(a14^d4, 39)
		b23 := bits.RotateLeft64(a15^d0, 41)
		b08 := bits.RotateLeft64(a16^d1, 45)
		b18 := bits.RotateLeft64(a17^d2, 15)
		b03 := bits.RotateLeft64(a18^d3, 21)
		b13 := bits.RotateLeft64(a19^d4, 8)
		b14 := bits.RotateLeft64(a20^d0, 18)
		b24 := bits.RotateLeft64(a21^d1, 2)
		b09 := bits.RotateLeft64(a22^d2, 61)
		b19 := bits.RotateLeft64(a23^d3, 56)
		b04 := bits.RotateLeft64(a24^d4, 14)
		// χ (Algorithm 4) and ι (Algorithm 5).
		a00 = b00 ^ (^b01 & b02)
		a01 = b01 ^ (^b02 & b03)
		a02 = b02 ^ (^b03 & b04)
		a03 = b03 ^ (^b04 & b00)
		a04 = b04 ^ (^b00 & b01)
		a05 = b05 ^ (^b06 & b07)
		a06 = b06 ^ (^b07 & b08)
		a07 = b07 ^ (^b08 & b09)
		a08 = b08 ^ (^b09 & b05)
		a09 = b09 ^ (^b05 & b06)
		a10 = b10 ^ (^b11 & b12)
		a11 = b11 ^ (^b12 & b13)
		a12 = b12 ^ (^b13 & b14)
		a13 = b13 ^ (^b14 & b10)
		a14 = b14 ^ (^b10 & b11)
		a15 = b15 ^ (^b16 & b17)
		a16 = b16 ^ (^b17 & b18)
		a17 = b17 ^ (^b18 & b19)
		a18 = b18 ^ (^b19 & b15)
		a19 = b19 ^ (^b15 & b16)
		a20 = b20 ^ (^b21 & b22)
		a21 = b21 ^ (^b22 & b23)
		a22 = b22 ^ (^b23 & b24)
		a23 = b23 ^ (^b24 & b20)
		a24 = b24 ^ (^b20 & b21)
		a00 ^= roundConstants[round]
	}
	state[0] = a00
	state[1] = a01
	state[2] = a02
	state[3] = a03
	state[4] = a04
	state[5] = a05
	state[6] = a06
	state[7] = a07
	state[8] = a08
	state[9] = a09
	state[10] = a10
	state[11] = a11
	state[12] = a12
	state[13] = a13
	state[14] = a14
	state[15] = a15
	state[16] = a16
	state[17] = a17
	state[18] = a18
	state[19] = a19
	state[20] = a20
	state[21] = a21
	state[22] = a22
	state[23] = a23
	state[24] = a24
}
