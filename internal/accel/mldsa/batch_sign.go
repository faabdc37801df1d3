package mldsa

import (
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// SignMuBatch writes to sigs[i] the signature SignMu(μ = mus[i], rnd =
// rnds[i]) for every i, bit for bit what SignMu writes. Each sigs[i] must be
// SignatureSize bytes long. It allocates nothing.
//
// Up to eight messages are in flight in slots. Each round runs one rejection
// iteration (Algorithm 7, FIPS 204, lines 10–28) of every busy slot: the
// ExpandMask streams of all slots fill the lanes of the multi-way Keccak
// (eight lanes of different messages rather than L lanes of one), as do the
// c̃ hashes, SampleInBall and ρ″; then each slot's candidate is checked. A
// slot whose message is signed takes the next message from the queue at
// once, so lanes stay busy however many iterations each message needs.
func (sk *PrivateKey) SignMuBatch(sigs [][]byte, mus [][MuSize]byte, rnds [][RandomSize]byte) error {
	p := sk.pub.p
	if len(sigs) != len(mus) || len(mus) != len(rnds) {
		return ErrBatchLengths
	}
	for _, sig := range sigs {
		if len(sig) != p.SignatureSize() {
			return errors.New("mldsa: signature buffer is not " + p.Name + " signature size")
		}
	}
	if len(sigs) == 1 {
		// One message has no lanes to share: the single path skips the
		// slot buffers.
		return sk.SignMu(sigs[0], &mus[0], &rnds[0])
	}
	// y and w live in separate variables: together they would exceed the
	// size Go keeps on the stack.
	var y [maxLanes][maxL]ringElement
	var w [maxLanes][maxK]ringElement
	var scratch signScratch
	scratch.tables.load(p.Eta, sk.windows)
	s := batchSigner{y: &y, w: &w}
	s.run(sk, sigs, mus, rnds, &scratch)
	scratch.clear()
	return nil
}

// signSlot is one message in flight.
type signSlot struct {
	item  int // index into the batch
	kappa int // κ of the current iteration
	rhoPP [64]byte
}

// batchSigner is the state of SignMuBatch; y and w are per slot.
type batchSigner struct {
	slots    [maxLanes]signSlot
	busy     [maxLanes]bool
	y        *[maxLanes][maxL]ringElement
	w        *[maxLanes][maxK]ringElement
	w1Packed [maxLanes][32 * 6 * maxK]byte
	cTilde   [maxLanes][64]byte
}

func (s *batchSigner) run(sk *PrivateKey, sigs [][]byte, mus [][MuSize]byte, rnds [][RandomSize]byte, sc *signScratch) {
	p := sk.pub.p
	form := planFor(p).signForm
	var terms *matrixTerms
	if form == winogradProduct {
		terms = &sk.pub.batchTerms().sign
	}
	next := 0 // the next queued item
	// The loop ends when the queue is empty and no slot is busy. Its
	// iteration count depends on the rejection outcomes, which SignMu's
	// comment shows leak nothing about the key.
	for {
		next = s.refill(sk, mus, rnds, next)
		var active [maxLanes]int // busy slot numbers, compacted
		count := 0
		for i, b := range s.busy {
			if b {
				active[count] = i
				count++
			}
		}
		if count == 0 {
			break
		}
		s.expandMasks(p, &active, count)
		for _, i := range active[:count] {
			sk.commitment(&s.w[i], s.w1Packed[i][:], &s.y[i], form, terms, sc)
		}
		// c̃ = H(μ‖w1Encode(w1)) and c = SampleInBall(c̃), lane per slot.
		var hash laneHash
		var in, out [maxLanes][]byte
		for l, i := range active[:count] {
			in[l] = mus[s.slots[i].item][:]
		}
		hash.init(count)
		hash.absorb(&in)
		for l, i := range active[:count] {
			in[l] = s.w1Packed[i][:p.w1PackedSize()]
			out[l] = s.cTilde[i][:p.challengeSize()]
		}
		hash.absorb(&in)
		hash.squeeze(&out)
		var c [maxLanes]ringElement
		sampleInBallLanes(p, &c, &out, count)
		for l, i := range active[:count] {
			slot := &s.slots[i]
			sig := sigs[slot.item]
			if sk.acceptCandidate(sig, &s.y[i], &s.w[i], &c[l], sc) {
				copy(sig, s.cTilde[i][:p.challengeSize()])
				s.busy[i] = false
				clear(slot.rhoPP[:])
				continue
			}
			slot.kappa += p.L
		}
	}
	clear(s.y[:])
	clear(s.w[:])
}

// refill starts queued items in the free slots, computing their ρ″ =
// H(K‖rnd‖μ, 64) (Algorithm 7, line 7) together, and returns the new queue
// position.
func (s *batchSigner) refill(sk *PrivateKey, mus [][MuSize]byte, rnds [][RandomSize]byte, next int) int {
	var started [maxLanes]int
	count := 0
	for i := range s.slots {
		if !s.busy[i] && next < len(mus) {
			s.slots[i] = signSlot{item: next}
			s.busy[i] = true
			started[count] = i
			count++
			next++
		}
	}
	if count == 0 {
		return next
	}
	var hash laneHash
	var in, out [maxLanes][]byte
	hash.init(count)
	for l := range count {
		in[l] = sk.key[:]
	}
	hash.absorb(&in)
	for l, i := range started[:count] {
		in[l] = rnds[s.slots[i].item][:]
	}
	hash.absorb(&in)
	for l, i := range started[:count] {
		in[l] = mus[s.slots[i].item][:]
		out[l] = s.slots[i].rhoPP[:]
	}
	hash.absorb(&in)
	hash.squeeze(&out)
	hash.clear()
	return next
}

// expandMasks sets y of every active slot to ExpandMask(ρ″, κ) (Algorithm
// 34, FIPS 204), running the count·L streams eight at a time.
func (s *batchSigner) expandMasks(p *Params, active *[maxLanes]int, count int) {
	var seeds [maxLanes][66]byte
	var blocks [maxLanes][maskBlocks * keccak.Rate256]byte
	var in, out [maxLanes][]byte
	total := count * p.L
	for first := 0; first < total; first += maxLanes {
		lanes := min(maxLanes, total-first)
		for l := range lanes {
			slot := &s.slots[active[(first+l)/p.L]]
			r := slot.kappa + (first+l)%p.L
			copy(seeds[l][:64], slot.rhoPP[:])
			seeds[l][64], seeds[l][65] = byte(r), byte(r>>8)
			in[l] = seeds[l][:]
			out[l] = blocks[l][:]
		}
		var hash laneHash
		hash.init(lanes)
		hash.absorb(&in)
		hash.squeeze(&out)
		for l := range lanes {
			i, j := active[(first+l)/p.L], (first+l)%p.L
			unpackZ(p, &s.y[i][j], out[l])
		}
		hash.clear()
	}
	clear(seeds[:])
	clear(blocks[:])
}
