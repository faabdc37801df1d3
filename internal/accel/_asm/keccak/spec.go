package main

// The Keccak-f[1600] constants, derived here from their definitions in
// FIPS 202 rather than typed in, so a transcription error cannot creep into
// the generated kernels. Lane (x, y) is index x+5y throughout.

// rhoOffsets returns the ρ rotation of every lane (FIPS 202, Algorithm 2:
// (x, y) starts at (1, 0), the offset of the t-th lane visited is
// (t+1)(t+2)/2 mod 64, and (x, y) steps to (y, (2x+3y) mod 5)).
func rhoOffsets() [25]int {
	var r [25]int
	x, y := 1, 0
	for t := 0; t < 24; t++ {
		r[x+5*y] = ((t + 1) * (t + 2) / 2) % 64
		x, y = y, (2*x+3*y)%5
	}
	return r
}

// piDestination returns, for every lane, the index it moves to under π
// (FIPS 202, Algorithm 3: A′[x, y] = A[(x+3y) mod 5, x], so lane (x, y) moves
// to (y, (2x+3y) mod 5)).
func piDestination() [25]int {
	var d [25]int
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			d[x+5*y] = y + 5*((2*x+3*y)%5)
		}
	}
	return d
}

// roundConstants returns the ι constants RC[ir] for the 24 rounds (FIPS 202,
// Algorithms 5 and 6: bit 2^j−1 of RC[ir] is rc(j+7ir) for j = 0…6).
func roundConstants() [24]uint64 {
	var rcs [24]uint64
	for ir := range rcs {
		for j := 0; j < 7; j++ {
			if rcBit(j + 7*ir) {
				rcs[ir] |= 1 << ((1 << j) - 1)
			}
		}
	}
	return rcs
}

// rcBit is rc(t) of FIPS 202, Algorithm 5: the output of an LFSR with
// feedback polynomial x^8 + x^6 + x^5 + x^4 + 1.
func rcBit(t int) bool {
	if t%255 == 0 {
		return true
	}
	r := uint16(0x01) // R = 10000000 with R[0] in bit 0
	for i := 1; i <= t%255; i++ {
		r <<= 1 // R = 0 || R
		if r&0x100 != 0 {
			r ^= 0x100 | 0x71 // R[0,4,5,6] ^= R[8], then truncate to 8 bits
		}
	}
	return r&1 != 0
}
