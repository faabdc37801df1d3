package mldsa

import "github.com/crystals-go/crystals/internal/accel/keccak"

// ExpandA, ExpandS and ExpandMask (Algorithms 32–34, FIPS 204) run their XOF
// instances four at a time through keccak.ShakeX4, the shape of the 4-way
// and 8-way SIMD Keccak kernels; a batch of fewer than four lanes runs its
// lanes one by one.

// shakeBatch is up to four SHAKE instances with inputs of equal length.
type shakeBatch struct {
	lanes int
	x4    keccak.ShakeX4
	one   [4]keccak.Shake
}

func (s *shakeBatch) init(shake128 bool, in *[4][]byte, lanes int) {
	s.lanes = lanes
	if lanes == 4 {
		if shake128 {
			s.x4.Init128()
		} else {
			s.x4.Init256()
		}
		s.x4.Absorb(in)
		return
	}
	for i := range lanes {
		if shake128 {
			s.one[i].Init128()
		} else {
			s.one[i].Init256()
		}
		s.one[i].Absorb(in[i])
	}
}

func (s *shakeBatch) squeezeBlocks(out *[4][]byte) {
	if s.lanes == 4 {
		s.x4.SqueezeBlocks(out)
		return
	}
	for i := range s.lanes {
		s.one[i].SqueezeBlocks(out[i])
	}
}

// expandA writes len(a) entries of Â, row-major with p.L columns, from
// entry offset on (Algorithm 32, FIPS 204): Â[r][s] = RejNTTPoly(ρ‖s‖r).
// Offset 0 and K·L entries give the whole matrix; offset i·L and L entries
// give row i.
func expandA(p *Params, a []nttElement, rho *[32]byte, offset int) {
	var seeds [4][34]byte
	var in [4][]byte
	var blocks [4][keccak.Rate128]byte
	var out [4][]byte
	var batch shakeBatch
	total := len(a)
	for first := 0; first < total; first += 4 {
		lanes := min(4, total-first)
		for i := range 4 {
			idx := offset + first + min(i, lanes-1)
			copy(seeds[i][:32], rho[:])
			seeds[i][32] = byte(idx % p.L)
			seeds[i][33] = byte(idx / p.L)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(true, &in, lanes)
		var filled [4]int
		// Variable time on public data: the number of blocks depends on ρ only.
		for done := false; !done; {
			batch.squeezeBlocks(&out)
			done = true
			for i := range lanes {
				filled[i] = rejNTTPoly(&a[first+i], filled[i], blocks[i][:])
				done = done && filled[i] == n
			}
		}
	}
}

// expandS returns s1 and s2 (Algorithm 33, FIPS 204): s1[r] =
// RejBoundedPoly(ρ′‖r) for r < l and s2[r] = RejBoundedPoly(ρ′‖(r+l)).
func expandS(p *Params, s1 *[maxL]ringElement, s2 *[maxK]ringElement, rhoPrime *[64]byte) {
	var seeds [4][66]byte
	var in [4][]byte
	var blocks [4][keccak.Rate256]byte
	var out [4][]byte
	var batch shakeBatch
	total := p.K + p.L
	target := func(idx int) *ringElement {
		if idx < p.L {
			return &s1[idx]
		}
		return &s2[idx-p.L]
	}
	for first := 0; first < total; first += 4 {
		lanes := min(4, total-first)
		for i := range 4 {
			idx := first + min(i, lanes-1)
			copy(seeds[i][:64], rhoPrime[:])
			seeds[i][64] = byte(idx)
			seeds[i][65] = byte(idx >> 8)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(false, &in, lanes)
		var filled [4]int
		// See rejBoundedPoly for why the block count may depend on the stream.
		for done := false; !done; {
			batch.squeezeBlocks(&out)
			done = true
			for i := range lanes {
				filled[i] = rejBoundedPoly(target(first+i), filled[i], p.Eta, blocks[i][:])
				done = done && filled[i] == n
			}
		}
	}
	clear(seeds[:])
	clear(blocks[:])
}

// maskBlocks is the number of SHAKE256 blocks ExpandMask squeezes per
// polynomial: 32·20 = 640 bytes at most fit in five 136-byte blocks.
const maskBlocks = 5

// expandMask returns y (Algorithm 34, FIPS 204): y[r] =
// BitUnpack(H(ρ″‖(κ+r), 32·c), γ1−1, γ1).
func expandMask(p *Params, y *[maxL]ringElement, rhoPP *[64]byte, kappa int) {
	var seeds [4][66]byte
	var in [4][]byte
	var blocks [4][maskBlocks * keccak.Rate256]byte
	var out [4][]byte
	var batch shakeBatch
	for first := 0; first < p.L; first += 4 {
		lanes := min(4, p.L-first)
		for i := range 4 {
			r := kappa + first + min(i, lanes-1)
			copy(seeds[i][:64], rhoPP[:])
			seeds[i][64] = byte(r)
			seeds[i][65] = byte(r >> 8)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(false, &in, lanes)
		batch.squeezeBlocks(&out)
		for i := range lanes {
			unpackZ(p, &y[first+i], blocks[i][:])
		}
	}
	clear(seeds[:])
	clear(blocks[:])
}
