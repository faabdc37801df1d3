package mlkem

import "github.com/crystals-go/crystals/internal/accel/keccak"

// sampleNTTBlocks is how many SHAKE128 blocks SampleNTT squeezes before it
// looks at the result: 3·168 bytes give 336 candidates, of which 256 are below
// q with overwhelming probability, so a second round is rare.
const sampleNTTBlocks = 3

// sampleNTTParse continues SampleNTT (FIPS 203, Algorithm 7) on the XOF output
// buf: it appends the 12-bit candidates below q to a, which already holds j
// coefficients, and returns the new count. len(buf) must be a multiple of 3.
//
// The loop is variable-time: it runs on the expansion of the public seed ρ,
// which is no secret, so branching on its rejections leaks nothing.
func sampleNTTParse(a *nttElement, j int, buf []byte) int {
	for i := 0; i+3 <= len(buf) && j < n; i += 3 {
		d1 := uint16(buf[i]) | uint16(buf[i+1]&0x0f)<<8
		d2 := uint16(buf[i+1]>>4) | uint16(buf[i+2])<<4
		if d1 < q {
			a[j] = fieldElement(d1)
			j++
		}
		if d2 < q && j < n {
			a[j] = fieldElement(d2)
			j++
		}
	}
	return j
}

// expandA fills a[i·k+j] = Â[i, j] = SampleNTT(ρ‖j‖i) for i, j < k (FIPS 203,
// Algorithm 13 lines 3–7, and Algorithm 14 lines 4–8). Groups of four entries
// run on one four-lane SHAKE128 ([keccak.ShakeX4]); the leftover entries (one
// for k = 3) on a single state.
func expandA(a *[maxK * maxK]nttElement, rho *[32]byte, k int) {
	var in [34]byte
	copy(in[:], rho[:])
	total := k * k
	idx := 0
	for ; idx+4 <= total; idx += 4 {
		var x keccak.ShakeX4
		var inputs [4][34]byte
		var ins [4][]byte
		for l := range 4 {
			inputs[l] = in
			inputs[l][32] = byte((idx + l) % k) // j
			inputs[l][33] = byte((idx + l) / k) // i
			ins[l] = inputs[l][:]
		}
		x.Init128()
		x.Absorb(&ins)
		var bufs [4][sampleNTTBlocks * keccak.Rate128]byte
		var outs [4][]byte
		for l := range 4 {
			outs[l] = bufs[l][:]
		}
		x.SqueezeBlocks(&outs)
		var counts [4]int
		for l := range 4 {
			counts[l] = sampleNTTParse(&a[idx+l], 0, outs[l])
		}
		// Variable-time on public data: more blocks only while a lane of the
		// public matrix still lacks coefficients.
		for counts[0] < n || counts[1] < n || counts[2] < n || counts[3] < n {
			for l := range 4 {
				outs[l] = bufs[l][:keccak.Rate128]
			}
			x.SqueezeBlocks(&outs)
			for l := range 4 {
				counts[l] = sampleNTTParse(&a[idx+l], counts[l], outs[l])
			}
		}
	}
	for ; idx < total; idx++ {
		in[32] = byte(idx % k)
		in[33] = byte(idx / k)
		sampleNTT(&a[idx], &in)
	}
}

// sampleNTT is SampleNTT (FIPS 203, Algorithm 7) on one SHAKE128 state seeded
// with ρ‖j‖i.
func sampleNTT(a *nttElement, in *[34]byte) {
	var s keccak.Shake
	s.Init128()
	s.Absorb(in[:])
	var buf [sampleNTTBlocks * keccak.Rate128]byte
	s.SqueezeBlocks(buf[:])
	j := sampleNTTParse(a, 0, buf[:])
	// Variable-time on public data, as in expandA.
	for j < n {
		s.SqueezeBlocks(buf[:keccak.Rate128])
		j = sampleNTTParse(a, j, buf[:keccak.Rate128])
	}
}
