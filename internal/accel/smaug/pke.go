package smaug

import (
	"sync"

	"github.com/crystals-go/crystals/internal/accel/keccak"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

// The public-key encryption of SMAUG-T (specification v4.0, Algorithms
// KeyGen, Enc and Dec of the PKE; the reference's indcpa.c, key.c,
// ciphertext.c).

// expandA sets ek.a to the transforms of Aᵀ: entry (i, j) of A is the
// polynomial of R_q packed in SHAKE128(seed ‖ i ‖ j) (expandA has no
// rejection, q being a power of two).
//
// The caller's independent jobs in extra (at most 2·maxK) run beside the
// k² streams on the lanes of the multi-way Keccak (runJobs: eight where
// that saves steps, else four), starting first: H(pk) when a key is
// parsed, whose 5 to 11 blocks would otherwise take as many single-state
// permutations (except where expandAHashing carries it instead), and key
// generation's sampler streams (for SMAUG-T192, where the nine entries
// leave three of the last call's four lanes idle, and at every set where
// eight lanes may be used). A multi-way permutation costs little more than
// a single-state one, so what the lanes carry beside the matrix is nearly
// free. Without extra jobs, where eight lanes
// are not used, a matrix that fills the lanes (k = 2, 4) takes the
// lockstep 4-way SHAKE128 instead, four entries a call, which spends less
// on scheduling.
//
// With rows set, ek.a is left in Â's own order (a[i·k+j] = Â[i][j]), whose
// rows are contiguous, for key generation's A·s; transposeA then restores
// Âᵀ.
func (ek *EncapsulationKey) expandA(seed []byte, extra []keccak.Job, rows bool) {
	p := ek.p
	k := p.k
	in := matrixInputs(k, seed)
	if len(extra) == 0 && k*k%4 == 0 && !wideLanes() {
		ek.expandALockstep(&in, nil, rows, 4)
		return
	}
	var a poly
	var out [maxK * maxK][352]byte
	var jobs [2*maxK + maxK*maxK]keccak.Job
	// Assigned one by one: copy would make escape analysis send the
	// jobs' buffers to the heap.
	first := len(extra)
	//lint:ignore S1001 copy moves the callers' job buffers to the heap
	for j := range extra {
		jobs[j] = extra[j]
	}
	for e := range k * k {
		jobs[first+e] = keccak.SHAKE128Job(in[e][:], out[e][:p.polyQSize()])
	}
	runJobs(jobs[:first+k*k])
	for e := range k * k {
		decodeRq(&a, out[e][:], p.logQ)
		ek.dom.toNTTLazy(&ek.a[aIndex(e, k, rows)], &a)
	}
}

// expandAHashing is expandA for a parsed pk, with ek.h = H(pk) computed
// beside the matrix's streams: where k² is a multiple of four and the level
// has a fused kernel (carryWidth), carried by the lockstep SHAKE128 of the
// matrix (expandALockstep), which absorbs a block of H with each
// permutation for a fraction of a single-state permutation; elsewhere as a
// job on the lanes. Carried, H's first blocks cost little, and its last
// ones, past the matrix's permutations, run on the single state: for
// k = 2 three of five (at AVX2 the two-block entries fill one 4-way call,
// at AVX-512 one 8-way call with each entry twice), for k = 4 none of 11
// at AVX2 (four 4-way calls of three blocks) and five at AVX-512 (two
// 8-way calls).
func (ek *EncapsulationKey) expandAHashing(pk []byte) {
	k := ek.p.k
	width := carryWidth()
	if k*k%4 != 0 || width == 0 {
		hash := [1]keccak.Job{keccak.SHA3256Job(pk, &ek.h)}
		ek.expandA(pk[:seedASize], hash[:], false)
		return
	}
	h := keccak.NewCarriedSHA3256(pk)
	h.Close()
	in := matrixInputs(k, pk[:seedASize])
	ek.expandALockstep(&in, &h, false, width)
	h.Squeeze(ek.h[:])
}

// carryWidth returns the width of the lockstep SHAKE128 that carries H(pk)
// at the active level: 8 where the fused 8+1-state kernel exists and an
// 8-way step costs at most 1.2 4-way ones (full-width AVX-512; laneCost8),
// 4 where the fused 4+1-state kernel does (AVX2), 0 where neither carries.
// On Zen 4 the 8-way permutation costs two 4-way ones, and the lanes win.
func carryWidth() int {
	switch {
	case keccak.Carries() && laneCost8() != 0 && laneCost8() <= 12:
		return 8
	case keccak.CarriesX4():
		return 4
	}
	return 0
}

// matrixInputs returns the XOF inputs of A's entries: seed ‖ i ‖ j for
// entry e = i·k + j.
func matrixInputs(k int, seed []byte) (in [maxK * maxK][seedASize + 2]byte) {
	for e := range k * k {
		copy(in[e][:], seed)
		in[e][seedASize], in[e][seedASize+1] = byte(e/k), byte(e%k)
	}
	return in
}

// expandALockstep is expandA's lockstep schedule, for k² a multiple of
// four: the width-way SHAKE128 (4 or 8) of the inputs in, width entries a
// call (for k = 2 on eight, each entry twice: the copies write the same
// bytes to the same buffer), decoded as they come, with h, if not nil,
// carried beside the squeezes (keccak.Carried). It works in a lockstepWork
// from the pool.
func (ek *EncapsulationKey) expandALockstep(in *[maxK * maxK][seedASize + 2]byte, h *keccak.Carried, rows bool, width int) {
	work := lockstepWorks.Get()
	ek.lockstepIn(work, in, h, rows, width)
	lockstepWorks.Put(work)
}

// lockstepWork is expandALockstep's work area: the squeeze buffers of one
// call's distinct entries, the multi-state sponges and a decoded entry. It
// derives from the public seed_A alone, so it goes back uncleared.
type lockstepWork struct {
	out [8][3 * keccak.Rate128]byte
	x8  keccak.ShakeX8
	x4  keccak.ShakeX4
	a   poly
}

// lockstepWorks holds expandALockstep's work areas (see workpool).
var lockstepWorks workpool.Pool[lockstepWork]

// lockstepIn is expandALockstep in the work area work.
func (ek *EncapsulationKey) lockstepIn(work *lockstepWork, in *[maxK * maxK][seedASize + 2]byte, h *keccak.Carried, rows bool, width int) {
	p := ek.p
	k := p.k
	size := (p.polyQSize() + keccak.Rate128 - 1) / keccak.Rate128 * keccak.Rate128
	per := min(width, k*k) // distinct entries a call
	out := work.out[:per]
	for e := 0; e < k*k; e += per {
		var ins, outs [8][]byte
		for l := range width {
			ins[l], outs[l] = in[e+l%per][:], out[l%per][:size]
		}
		if width == 8 {
			x := &work.x8
			x.Init128()
			x.Absorb(&ins)
			x.SqueezeBlocksCarrying(&outs, h)
		} else {
			x := &work.x4
			x.Init128()
			x.Absorb((*[4][]byte)(ins[:4]))
			x.SqueezeBlocksCarrying((*[4][]byte)(outs[:4]), h)
		}
		for q := range per {
			decodeRq(&work.a, out[q][:], p.logQ)
			ek.dom.toNTTLazy(&ek.a[aIndex(e+q, k, rows)], &work.a)
		}
	}
}

// aIndex returns where expandA puts Â's entry e = i·k + j: at j·k + i
// (Âᵀ), or with rows at e.
func aIndex(e, k int, rows bool) int {
	if rows {
		return e
	}
	return e%k*k + e/k
}

// transposeA turns ek.a from Â's order into Âᵀ's (and back).
func (ek *EncapsulationKey) transposeA() {
	k := ek.p.k
	for i := range k {
		for j := i + 1; j < k; j++ {
			ek.a[i*k+j], ek.a[j*k+i] = ek.a[j*k+i], ek.a[i*k+j]
		}
	}
}

// keyGen sets dk to the key pair of the key-generation randomness seed and
// the implicit-rejection randomness t, drawn in that order by the reference.
func (dk *DecapsulationKey) keyGen(p *Params, seed, t *[32]byte) {
	// Everything the key holds for p is written below, or by complete
	// before its first read (see DecapsulationKey and EncapsulationKey), so
	// a key being set again needs no clearing.
	dk.prepare(p)
	dk.seed, dk.hasSeed, dk.t = *seed, true, *t
	ek := &dk.ek
	ek.p, ek.dom = p, activeDomain()
	k := p.k
	g := sha3512(seed[:]) // the secret seed ‖ seed_A

	// The k HWT streams SHAKE256(seed ‖ i·k ‖ 0) and the k Gaussian streams
	// SHAKE256(seed ‖ k·i) run as whole jobs on the lanes: beside
	// expandA's where eight lanes may be used (one pass for everything) or
	// the matrix leaves four lanes idle (k = 3), and otherwise on their own
	// after the 4-way SHAKE128 of the matrix, which takes as many
	// permutations and lets their blocks leave the lanes together; an HWT
	// that runs out of samples (rare) retries alone with j = 1, 2, ….
	var hwtIn [maxK][34]byte
	var hwtOut [maxK][hwtStreamBytes]byte
	var eIn [maxK][33]byte
	var eOut [maxK][gaussianBytes]byte
	var jobs [2 * maxK]keccak.Job
	for i := range k {
		copy(hwtIn[i][:], g[:32])
		hwtIn[i][32] = byte(i * k)
		copy(eIn[i][:], g[:32])
		eIn[i][32] = byte(k * i)
		jobs[i] = keccak.SHAKE256Job(hwtIn[i][:], hwtOut[i][:])
		jobs[k+i] = keccak.SHAKE256Job(eIn[i][:], eOut[i][:])
	}
	if k*k%4 == 0 && !wideLanes() {
		ek.expandA(g[32:], nil, true)
		runJobs(jobs[:2*k])
	} else {
		ek.expandA(g[32:], jobs[:2*k], true)
	}

	// One polynomial of scratch for s_i (then A·s) and one for b_i, and one
	// HWT scratch (which Go clears): each polynomial is packed and
	// transformed as soon as it is made.
	var s poly
	var sc hwtScratch
	for i := range k {
		ok := hwtFromStreamTo(&s, &hwtOut[i], p.hs, &sc)
		for j := 1; !ok; j++ {
			hwtIn[i][33] = byte(j)
			ok = hwt(&s, hwtIn[i][:], p.hs)
		}
		encodeSecret((*[secretPolySize]byte)(dk.sEnc[i*secretPolySize:]), &s)
		ek.dom.toNTT(&dk.s[i], &s)
	}

	copy(ek.encoded[:], g[32:])
	var b poly
	as := &s // s_i is packed and transformed: its scratch holds A·s now
	mask := int32(1)<<p.logQ - 1
	for i := range k {
		sampleGaussian(&b, eOut[i][:])
		ek.dom.dotProduct(as, ek.a[i*k:(i+1)*k], dk.sVec())
		subMask(&b, &b, as, mask)
		encodeRq(ek.encoded[seedASize+i*p.polyQSize():], &b, p.logQ)
	}
	// b̂, Âᵀ and H(pk) wait for the key's first use (see EncapsulationKey).
	ek.pending, ek.once = true, sync.Once{}
	dk.setRejection()
	// The seed, the streams drawn from it, s, A·s and the HWT's positions
	// are as secret as the key.
	clear(g[:32])
	clear(hwtIn[:k])
	clear(hwtOut[:k])
	clear(eIn[:k])
	clear(eOut[:k])
	clear(s[:])
	clear(sc.index[:])
	clear(sc.pending[:])
}

// encrypt writes the encryption of the message mu under ek with the
// randomness seed seedR to ct: r = CBD(SHAKE256(seedR ‖ i)),
// c1 = ⌊p/q·Aᵀr⌉, c2 = ⌊p'/q·(bᵀr + q/2·μ)⌉ with the rounding of Params.
// Scaled to 16 bits, q/2·μ is 2^15 per bit, or for TiMER's D2 encoding
// 0x7fff (the reference's Q/2) on coefficients i and i + 128 for bit i.
//
// The k streams SHAKE256(seedR ‖ i) take one block each: alone, one
// lockstep 4-way call (lanes past k repeat the first streams, writing the
// same bytes again), which spends less on scheduling than the lanes; with
// the caller's extra job, jobs on the lanes beside it (runJobs).
func (ek *EncapsulationKey) encrypt(ct []byte, mu, seedR []byte, extra *keccak.Job) {
	work := encryptWorks.Get()
	ek.encryptIn(work, ct, mu, seedR, extra)
	work.clearSecrets(ek.p.k)
	encryptWorks.Put(work)
}

// encryptWork is encrypt's work area: the streams' inputs seed_r ‖ i and
// their output, the 4-way sponge, r̂, one polynomial of scratch (r_i, then
// each u_i, then v) and the message scaled to 16 bits.
type encryptWork struct {
	in   [maxK][33]byte
	buf  [maxK][4 * n / 8]byte
	x4   keccak.ShakeX4
	rHat [maxK]nttPoly
	w    poly
	bits [maxMessageSize]byte
	m    [n]uint16
}

// encryptWorks holds encrypt's work areas (see workpool).
var encryptWorks workpool.Pool[encryptWork]

// clearSecrets clears w after an encryption of a set with k streams: seed_r,
// r's streams and r̂ would give away μ with the ciphertext, and the
// message is μ itself.
func (w *encryptWork) clearSecrets(k int) {
	clear(w.in[:k])
	clear(w.buf[:k])
	w.x4.Clear()
	clear(w.rHat[:k])
	clear(w.w[:])
	clear(w.bits[:])
	clear(w.m[:])
}

// encryptIn is encrypt in the work area work.
func (ek *EncapsulationKey) encryptIn(work *encryptWork, ct []byte, mu, seedR []byte, extra *keccak.Job) {
	p := ek.p
	k := p.k
	in, buf := &work.in, &work.buf
	for i := range k {
		copy(in[i][:], seedR)
		in[i][32] = byte(i)
	}
	if extra == nil {
		var ins, outs [4][]byte
		for l := range 4 {
			ins[l], outs[l] = in[l%k][:], buf[l%k][:p.ephemeralBytes()]
		}
		x := &work.x4
		x.Init256()
		x.Absorb(&ins)
		x.Squeeze(&outs)
	} else {
		var jobs [maxK + 1]keccak.Job
		for i := range k {
			jobs[i] = keccak.SHAKE256Job(in[i][:], buf[i][:p.ephemeralBytes()])
		}
		jobs[k] = *extra
		runJobs(jobs[:k+1])
	}

	// One polynomial of scratch holds r_i, then each u_i, then v, each
	// written whole before it is read.
	rHat, w := &work.rHat, &work.w
	for i := range k {
		sampleEphemeral(w, buf[i][:], p.r)
		ek.dom.toNTT(&rHat[i], w)
	}
	rv := rHat[:k]

	shiftQ := uint32(16 - p.logQ)
	rounding := [4]uint32{shiftQ, uint32(p.rdAdd), uint32(p.rdAnd), uint32(16 - p.logP)}
	for i := range k {
		ek.dom.dotProduct(w, ek.column(i), rv)
		round(w, nil, &rounding)
		encodeRp(ct[i*p.polyPSize():], w, p.logP)
	}

	// The message scaled to 16 bits: bit c times 2^15, or for D2 bit
	// c mod 128 times 0x7fff, μ being read twice.
	bits := &work.bits
	clear(bits[:])
	value := uint16(1 << 15)
	copy(bits[:], mu)
	if p.d2 {
		copy(bits[n/16:], mu)
		value = 0x7fff
	}
	messageBits(&work.m, bits, value)
	ek.dom.dotProduct(w, ek.b[:k], rv)
	rounding = [4]uint32{shiftQ, uint32(p.rdAdd2), uint32(p.rdAnd2), uint32(16 - p.logP2)}
	round(w, &work.m, &rounding)
	encodeRp2(ct[k*p.polyPSize():], w, p.logP2)
}

// decrypt writes the message of ct under dk to mu: with everything scaled to
// 16 bits, x = c2·2^(16−log p') + (c1ᵀs)·2^(16−log p), and bit c of μ is the
// top bit of x_c + 2^14, the reference's rounding of 2/p·x; for TiMER's D2
// encoding, bit i is set when |x_i − 0x7fff| + |x_(i+128) − 0x7fff| < 0x7fff,
// in the reference's 16-bit arithmetic (poly_tomsg).
func (dk *DecapsulationKey) decrypt(mu []byte, ct []byte) {
	p := dk.ek.p
	k := p.k
	// c holds each c1_i, then c2, each decoded whole.
	var c1Hat [maxK]nttPoly
	var c, w poly
	for i := range k {
		decodeRp(&c, ct[i*p.polyPSize():], p.logP)
		dk.ek.dom.toNTTLazy(&c1Hat[i], &c)
	}
	dk.ek.dom.dotProduct(&w, c1Hat[:k], dk.sVec())
	c2 := &c
	decodeRp2(c2, ct[k*p.polyPSize():], p.logP2)
	shifts := [2]uint32{uint32(16 - p.logP2), uint32(16 - p.logP)}
	if p.d2 {
		messageDecodeD2((*[maxMessageSize / 2]byte)(mu), c2, &w, &shifts)
	} else {
		messageDecode((*[maxMessageSize]byte)(mu), c2, &w, &shifts)
	}
	clear(w[:]) // c1ᵀs: with c2 it gives μ
}

// messageDecodeD2Generic is messageDecodeD2 in Go.
func messageDecodeD2Generic(mu *[maxMessageSize / 2]byte, c2, w *poly, s *[2]uint32) {
	s2, s1 := s[0]&15, s[1]&15
	var x [n]uint16
	for c := range n {
		x[c] = uint16(c2[c])<<s2 + uint16(w[c])<<s1
	}
	clear(mu[:])
	for i := range n / 2 {
		t := flipAbs(x[i]) + flipAbs(x[i+n/2]) - 0x7fff
		mu[i/8] |= byte(t>>15) << (i % 8)
	}
}

// messageBitsGeneric is messageBits in Go.
func messageBitsGeneric(out *[n]uint16, mu *[maxMessageSize]byte, value uint16) {
	for c := range out {
		out[c] = -(uint16(mu[c/8]>>(c%8)) & 1) & value
	}
}

// messageDecodeGeneric is messageDecode in Go.
func messageDecodeGeneric(mu *[maxMessageSize]byte, c2, w *poly, s *[2]uint32) {
	s2, s1 := s[0]&15, s[1]&15
	for i := range mu {
		var bits byte
		for j := range 8 {
			c := 8*i + j
			x := uint16(c2[c])<<s2 + uint16(w[c])<<s1 + 0x4000
			bits |= byte(x>>15) << j
		}
		mu[i] = bits
	}
}

// flipAbs returns |x − 0x7fff| with x − 0x7fff taken as a signed 16-bit
// value, without branching (the reference's flipabs).
func flipAbs(x uint16) uint16 {
	r := int16(x - 0x7fff)
	m := r >> 15
	return uint16((r + m) ^ m)
}

// subMaskGeneric is subMask in Go.
func subMaskGeneric(out, a, b *poly, mask int32) {
	for c := range out {
		out[c] = (a[c] - b[c]) & mask
	}
}

// roundGeneric is round in Go.
func roundGeneric(a *poly, msg *[n]uint16, r *[4]uint32) {
	shiftQ, add, and, shift := r[0]&15, uint16(r[1]), uint16(r[2]), r[3]&15
	if msg == nil {
		msg = new([n]uint16)
	}
	for c := range a {
		a[c] = int32(((uint16(a[c])<<shiftQ + msg[c] + add) & and) >> shift)
	}
}
