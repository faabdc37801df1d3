package mldsa

import "github.com/crystals-go/crystals/internal/accel/keccak"

// ExpandA, ExpandS and ExpandMask (Algorithms 32–34, FIPS 204) run their XOF
// instances plan.width at a time: eight through keccak.ShakeX8 where the
// 8-way Keccak is one kernel, four through keccak.ShakeX4 otherwise. A
// batch with fewer instances than that fills the spare lanes with copies of
// its last input when a multi-state kernel still beats running the
// instances one by one (plan.multiFrom), and runs them one by one
// otherwise.

// maxBatch is the most XOF instances a batch runs.
const maxBatch = 8

// shakeBatch is up to maxBatch SHAKE instances with inputs of equal length.
type shakeBatch struct {
	lanes int
	mode  int // 8 or 4: one multi-state object; 1: lanes single states
	x8    keccak.ShakeX8
	x4    keccak.ShakeX4
	one   [maxBatch]keccak.Shake
}

func (s *shakeBatch) init(pl *plan, shake128 bool, in *[maxBatch][]byte, lanes int) {
	s.lanes = lanes
	switch {
	case lanes > 4:
		s.mode = 8
	case lanes >= pl.multiFrom:
		s.mode = 4
	default:
		s.mode = 1
	}
	switch s.mode {
	case 8:
		if shake128 {
			s.x8.Init128()
		} else {
			s.x8.Init256()
		}
		s.x8.Absorb(in)
	case 4:
		if shake128 {
			s.x4.Init128()
		} else {
			s.x4.Init256()
		}
		s.x4.Absorb((*[4][]byte)(in[:4]))
	default:
		for i := range lanes {
			if shake128 {
				s.one[i].Init128()
			} else {
				s.one[i].Init256()
			}
			s.one[i].Absorb(in[i])
		}
	}
}

// squeezeBlocks writes the next blocks of instance i to out[i][:length], for
// every i below the batch's mode (spare lanes included), length being a
// multiple of the rate. A multi-state batch carries tr, if not nil,
// absorbing a block of it with each permutation where the level has the
// fused kernel (keccak.Carried).
func (s *shakeBatch) squeezeBlocks(out *[maxBatch][]byte, length int, tr *keccak.Carried) {
	var cut [maxBatch][]byte
	for i := range cut {
		cut[i] = out[i][:length]
	}
	switch s.mode {
	case 8:
		s.x8.SqueezeBlocksCarrying(&cut, tr)
	case 4:
		s.x4.SqueezeBlocksCarrying((*[4][]byte)(cut[:4]), tr)
	default:
		for i := range s.lanes {
			s.one[i].SqueezeBlocks(cut[i])
		}
	}
}

// The callers fill every lane of a batch, spare lanes repeating the input of
// the last real one, so that multi-state kernels never read uninitialised
// inputs; only the real lanes' outputs are used.

// aBlocks is the number of SHAKE128 blocks ExpandA squeezes first per entry:
// 5·168 bytes give 280 candidates, which hold 256 accepted ones unless 25 or
// more are rejected, with probability below 2⁻¹²⁰ (each is rejected with
// probability 8191/2²³); further blocks come one at a time.
const aBlocks = 5

// aScratch is expandA's working memory: the seeds, the squeezed blocks and
// the XOF states, some 11 KiB that Go zeroes wherever they are declared. A
// caller that expands Â one batch at a time (key generation, one-shot
// verification) keeps one for the whole matrix in its work area (workpool),
// so that no zeroing is paid per batch or per call. Everything in it derives
// from ρ, which is public, so it needs no clearing.
type aScratch struct {
	seeds  [maxBatch][34]byte
	blocks [maxBatch][aBlocks * keccak.Rate128]byte
	batch  shakeBatch
}

// expandA writes len(a) entries of Â, row-major with p.L columns, from
// entry offset on (Algorithm 32, FIPS 204): Â[r][s] = RejNTTPoly(ρ‖s‖r).
// Offset 0 and K·L entries give the whole matrix; offset i·L and L entries
// give row i. The 8-way batches carry tr, if not nil: tr = H(pk) needs
// fewer permutations than ExpandA (docs/PERFORMANCE.md), and
// absorbs its input beside it for a fraction of their cost. It works in
// s (see aScratch).
func expandA(pl *plan, p *Params, s *aScratch, a []nttElement, rho *[32]byte, offset int, tr *keccak.Carried) {
	seeds, blocks, batch := &s.seeds, &s.blocks, &s.batch
	var in, out [maxBatch][]byte
	total := len(a)
	width := pl.width
	for first := 0; first < total; first += width {
		lanes := min(width, total-first)
		for i := range maxBatch {
			idx := offset + first + min(i, lanes-1)
			copy(seeds[i][:32], rho[:])
			seeds[i][32] = byte(idx % p.L)
			seeds[i][33] = byte(idx / p.L)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(pl, true, &in, lanes)
		var filled [maxBatch]int
		// Variable time on public data: the number of blocks depends on ρ only.
		length := aBlocks * keccak.Rate128
		for done := false; !done; length = keccak.Rate128 {
			batch.squeezeBlocks(&out, length, tr)
			done = true
			for i := range lanes {
				filled[i] = rejNTTPoly(&a[first+i], filled[i], blocks[i][:length])
				done = done && filled[i] == n
			}
		}
	}
}

// sBlocks is the number of SHAKE256 blocks ExpandS squeezes first per
// polynomial: 272 bytes give 544 half-bytes, usually enough for 256
// coefficients (each is accepted with probability 15/16 for η = 2, 9/16
// for η = 4); further blocks come one at a time.
const sBlocks = 2

// expandS returns s1 and s2 (Algorithm 33, FIPS 204): s1[r] =
// RejBoundedPoly(ρ′‖r) for r < l and s2[r] = RejBoundedPoly(ρ′‖(r+l)). It
// works in s, which then holds ρ′ and the streams: the caller clears it.
func expandS(pl *plan, p *Params, s1 *[maxL]ringElement, s2 *[maxK]ringElement, rhoPrime *[64]byte, s *streamScratch) {
	seeds, blocks, batch := &s.seeds, &s.blocks, &s.batch
	var in, out [maxBatch][]byte
	total := p.K + p.L
	target := func(idx int) *ringElement {
		if idx < p.L {
			return &s1[idx]
		}
		return &s2[idx-p.L]
	}
	width := pl.width
	for first := 0; first < total; first += width {
		lanes := min(width, total-first)
		for i := range maxBatch {
			idx := first + min(i, lanes-1)
			copy(seeds[i][:64], rhoPrime[:])
			seeds[i][64] = byte(idx)
			seeds[i][65] = byte(idx >> 8)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(pl, false, &in, lanes)
		var filled [maxBatch]int
		// See rejBoundedPoly for why the block count may depend on the stream.
		length := sBlocks * keccak.Rate256
		for done := false; !done; length = keccak.Rate256 {
			batch.squeezeBlocks(&out, length, nil)
			done = true
			for i := range lanes {
				filled[i] = rejBoundedPoly(target(first+i), filled[i], p.Eta, blocks[i][:length])
				done = done && filled[i] == n
			}
		}
	}
}

// maskBlocks is the number of SHAKE256 blocks ExpandMask squeezes per
// polynomial: 32·20 = 640 bytes at most fit in five 136-byte blocks.
const maskBlocks = 5

// streamScratch is the working memory of ExpandS and ExpandMask: the
// seeds, the squeezed blocks (room for ExpandMask's, which exceed ExpandS's
// first squeeze) and the XOF states. Its users keep it in a work area
// (workpool) rather than as a local that Go zeroes on every call; it
// holds ρ′ or ρ″ and what was squeezed from them, so it is cleared
// (clear) before the area goes back.
type streamScratch struct {
	seeds  [maxBatch][66]byte
	blocks [maxBatch][maskBlocks * keccak.Rate256]byte
	batch  shakeBatch
}

// clear zeroes the seeds, the blocks and the states.
func (s *streamScratch) clear() { *s = streamScratch{} }

// expandMask returns y (Algorithm 34, FIPS 204): y[r] =
// BitUnpack(H(ρ″‖(κ+r), 32·c), γ1−1, γ1) for r < len(y). With len(y) = 2·l
// it gives the masks of two successive candidates (κ and κ+l). An 8-way
// batch carries h, if not nil (keccak.Carried). It works in s, which then
// holds ρ″ and the streams: the caller clears it.
func expandMask(pl *plan, p *Params, y []ringElement, rhoPP *[64]byte, kappa int, h *keccak.Carried, s *streamScratch) {
	seeds, blocks, batch := &s.seeds, &s.blocks, &s.batch
	var in, out [maxBatch][]byte
	width := pl.width
	for first := 0; first < len(y); first += width {
		lanes := min(width, len(y)-first)
		for i := range maxBatch {
			r := kappa + first + min(i, lanes-1)
			copy(seeds[i][:64], rhoPP[:])
			seeds[i][64] = byte(r)
			seeds[i][65] = byte(r >> 8)
			in[i] = seeds[i][:]
			out[i] = blocks[i][:]
		}
		batch.init(pl, false, &in, lanes)
		batch.squeezeBlocks(&out, maskBlocks*keccak.Rate256, h)
		for i := range lanes {
			unpackZ(p, &y[first+i], blocks[i][:])
		}
	}
}
