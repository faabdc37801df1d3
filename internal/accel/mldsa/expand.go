package mldsa

import "github.com/crystals-go/crystals/internal/accel/keccak"

// ExpandA, ExpandS and ExpandMask (Algorithms 32–34, FIPS 204) run their XOF
// instances four at a time through keccak.ShakeX4, the shape of the 4-way
// and 8-way SIMD Keccak kernels; a batch of fewer than four lanes runs its
// lanes one by one.

// shakeBatch is up to four SHAKE instances whose inputs are one common
// prefix followed by two bytes of their own, the shape of every XOF call in
// ExpandA, ExpandS and ExpandMask.
type shakeBatch struct {
	lanes int
	seeds [4][66]byte
	x4    keccak.ShakeX4
	one   [4]keccak.Shake
}

// init starts lanes instances (SHAKE128 or SHAKE256) on prefix‖suffix[i].
// With fewer than four lanes, the missing ones are not computed.
func (s *shakeBatch) init(shake128 bool, prefix []byte, suffix *[4][2]byte, lanes int) {
	s.lanes = lanes
	var in [4][]byte
	for i := range 4 {
		seed := s.seeds[i][:len(prefix)+2]
		copy(seed, prefix)
		copy(seed[len(prefix):], suffix[min(i, lanes-1)][:])
		in[i] = seed
	}
	if lanes == 4 {
		if shake128 {
			s.x4.Init128()
		} else {
			s.x4.Init256()
		}
		s.x4.Absorb(&in)
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

// sampleInLockstep squeezes one block per lane into out and calls
// fill(lane, filled), which consumes out[lane] and returns the lane's new
// fill level, until every lane has n coefficients. (The block is not passed
// to fill: arguments of a call through a func value escape to the heap.)
// The number of blocks depends on the XOF output: see rejNTTPoly and
// rejBoundedPoly for why that is allowed.
func (s *shakeBatch) sampleInLockstep(out *[4][]byte, fill func(lane int, filled int) int) {
	var filled [4]int
	for done := false; !done; {
		s.squeezeBlocks(out)
		done = true
		for i := range s.lanes {
			filled[i] = fill(i, filled[i])
			done = done && filled[i] == n
		}
	}
}

func (s *shakeBatch) clear() { clear(s.seeds[:]) }

// splitLanes cuts buf into four equal output buffers, one per lane.
func splitLanes(buf []byte) (out [4][]byte) {
	size := len(buf) / 4
	for i := range out {
		out[i] = buf[i*size : (i+1)*size]
	}
	return
}

// expandA writes len(a) entries of Â, row-major with p.L columns, from
// entry offset on (Algorithm 32, FIPS 204): Â[r][s] = RejNTTPoly(ρ‖s‖r).
// Offset 0 and K·L entries give the whole matrix; offset i·L and L entries
// give row i.
func expandA(p *Params, a []nttElement, rho *[32]byte, offset int) {
	var blocks [4 * keccak.Rate128]byte
	out := splitLanes(blocks[:])
	var batch shakeBatch
	for first := 0; first < len(a); first += 4 {
		lanes := min(4, len(a)-first)
		var suffix [4][2]byte
		for i := range lanes {
			idx := offset + first + i
			suffix[i] = [2]byte{byte(idx % p.L), byte(idx / p.L)}
		}
		batch.init(true, rho[:], &suffix, lanes)
		batch.sampleInLockstep(&out, func(lane int, filled int) int {
			return rejNTTPoly(&a[first+lane], filled, out[lane])
		})
	}
}

// expandS returns s1 and s2 (Algorithm 33, FIPS 204): s1[r] =
// RejBoundedPoly(ρ′‖r) for r < l and s2[r] = RejBoundedPoly(ρ′‖(r+l)).
func expandS(p *Params, s1 *[maxL]ringElement, s2 *[maxK]ringElement, rhoPrime *[64]byte) {
	var blocks [4 * keccak.Rate256]byte
	out := splitLanes(blocks[:])
	var batch shakeBatch
	target := func(idx int) *ringElement {
		if idx < p.L {
			return &s1[idx]
		}
		return &s2[idx-p.L]
	}
	total := p.K + p.L
	for first := 0; first < total; first += 4 {
		lanes := min(4, total-first)
		var suffix [4][2]byte
		for i := range lanes {
			suffix[i] = [2]byte{byte(first + i), byte((first + i) >> 8)}
		}
		batch.init(false, rhoPrime[:], &suffix, lanes)
		batch.sampleInLockstep(&out, func(lane int, filled int) int {
			return rejBoundedPoly(target(first+lane), filled, p.Eta, out[lane])
		})
	}
	batch.clear()
	clear(blocks[:])
}

// maskBlocks is the number of SHAKE256 blocks ExpandMask squeezes per
// polynomial: 32·20 = 640 bytes at most fit in five 136-byte blocks.
const maskBlocks = 5

// expandMask returns y (Algorithm 34, FIPS 204): y[r] =
// BitUnpack(H(ρ″‖(κ+r), 32·c), γ1−1, γ1).
func expandMask(p *Params, y *[maxL]ringElement, rhoPP *[64]byte, kappa int) {
	var blocks [4 * maskBlocks * keccak.Rate256]byte
	out := splitLanes(blocks[:])
	var batch shakeBatch
	for first := 0; first < p.L; first += 4 {
		lanes := min(4, p.L-first)
		var suffix [4][2]byte
		for i := range lanes {
			r := kappa + first + i
			suffix[i] = [2]byte{byte(r), byte(r >> 8)}
		}
		batch.init(false, rhoPP[:], &suffix, lanes)
		batch.squeezeBlocks(&out)
		for i := range lanes {
			unpackZ(p, &y[first+i], out[i])
		}
	}
	batch.clear()
	clear(blocks[:])
}
