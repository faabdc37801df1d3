package mlkem

import (
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

var errBatchLengths = errors.New("mlkem: batch slices have different lengths")

// batchItems is how many encapsulations EncapsulateBatchInternal prepares
// together: their PRF streams fill the lanes of the 8-way Keccak.
const batchItems = 8

// encryptNoise is one item's y, e1 and e2 of K-PKE.Encrypt, in nonce order,
// for any set: the first 2k+1 entries are used.
type encryptNoise [2*maxK + 1]ringElement

// EncapsulateBatchInternal runs ML-KEM.Encaps_internal(ek, ms[i]) (FIPS
// 203, Algorithm 17) for every i, writing the ciphertext to cts[i] (each
// p.CiphertextSize() bytes) and the shared key to sharedKeys[i]: byte for
// byte what [EncapsulationKey.EncapsulateInternal] writes. The key's Â is
// used by all items; G of up to eight items at a time, and their 2k+1 PRF
// streams, run through the 8-way Keccak, filled with different messages'
// inputs. It allocates nothing.
func (ek *EncapsulationKey) EncapsulateBatchInternal(sharedKeys [][SharedKeySize]byte, cts [][]byte, ms [][MessageSize]byte) error {
	p := ek.p
	if p == nil {
		return errUninitialisedKey
	}
	if len(sharedKeys) != len(ms) || len(cts) != len(ms) {
		return errBatchLengths
	}
	for _, c := range cts {
		if len(c) != p.CiphertextSize() {
			return errCiphertextBufferLength
		}
	}
	if len(ms) == 1 {
		// One item has no lanes to share: the single path skips zeroing
		// the lane buffers.
		return ek.EncapsulateInternal(&sharedKeys[0], cts[0], &ms[0])
	}
	var (
		rs    [batchItems][32]byte
		noise [batchItems]encryptNoise
		xi    encryptTerms
		terms *encryptTerms // nil for the plain form
	)
	pl := planFor()
	if encryptFormWinograd(&pl, p, len(ms)) {
		xi.compute(ek)
		terms = &xi
	}
	for first := 0; first < len(ms); first += batchItems {
		count := min(batchItems, len(ms)-first)
		batchG(&pl, &rs, sharedKeys[first:first+count], ms[first:first+count], &ek.h)
		sampleBatchNoise(p, &noise, &rs, count)
		for b := range count {
			pkeEncryptNoise(p, ek, cts[first+b], &ms[first+b], noise[b][:2*p.K+1], terms)
		}
	}
	// pkeEncryptNoise cleared every noise entry it used.
	clear(rs[:])
	return nil
}

// batchG sets (sharedKeys[b], rs[b]) = G(ms[b]‖h) for up to batchItems
// items (FIPS 203, Algorithm 17, line 2). Two or more items share one
// 8-way SHA3-512 permutation (lanes past the last item repeat it and are
// discarded); a single item uses hashG, whose one-state permutation is
// faster than a mostly idle 8-way one.
func batchG(pl *plan, rs *[batchItems][32]byte, sharedKeys [][SharedKeySize]byte, ms [][MessageSize]byte, h *[32]byte) {
	var gIn, gOut [batchItems][64]byte
	for b := range gIn {
		copy(gIn[b][:32], ms[min(b, len(ms)-1)][:])
		copy(gIn[b][32:], h[:])
	}
	if len(ms) == 1 {
		gOut[0] = hashG(pl, gIn[0][:])
	} else {
		var in, out [batchItems][]byte
		for b := range in {
			in[b], out[b] = gIn[b][:], gOut[b][:]
		}
		var x keccak.ShakeX8
		x.InitSHA3_512()
		x.Absorb(&in)
		x.Squeeze(&out)
		x.Clear() // it absorbed the messages
	}
	for b := range ms {
		copy(sharedKeys[b][:], gOut[b][:32])
		copy(rs[b][:], gOut[b][32:])
	}
	clear(gIn[:])
	clear(gOut[:])
}

// sampleBatchNoise sets noise[b] to y, e1, e2 of K-PKE.Encrypt with
// randomness rs[b] for b < count: SamplePolyCBD_η(PRF_η(r, j)) for nonces j
// < 2k+1 (FIPS 203, Algorithm 14, lines 9–17), eight streams at a time on
// [keccak.ShakeX8] whatever item they belong to. Lanes past the last stream
// repeat it; their output is discarded.
func sampleBatchNoise(p *Params, noise *[batchItems]encryptNoise, rs *[batchItems][32]byte, count int) {
	perItem := 2*p.K + 1
	total := count * perItem
	var (
		inputs [8][33]byte
		bufs   [8][prfBlocks * keccak.Rate256]byte
		in     [8][]byte
		out    [8][]byte
	)
	for first := 0; first < total; first += 8 {
		blocks := 1
		for l := range 8 {
			s := min(first+l, total-1)
			b, j := s/perItem, s%perItem
			copy(inputs[l][:32], rs[b][:])
			inputs[l][32] = byte(j)
			in[l] = inputs[l][:]
			if 64*p.etaFor(j) > keccak.Rate256 {
				blocks = 2
			}
		}
		for l := range 8 {
			out[l] = bufs[l][:blocks*keccak.Rate256]
		}
		var x keccak.ShakeX8
		x.Init256()
		x.Absorb(&in)
		x.SqueezeBlocks(&out)
		for l := range min(8, total-first) {
			s := first + l
			b, j := s/perItem, s%perItem
			samplePolyCBD(&noise[b][j], out[l], p.etaFor(j))
		}
		x.Clear() // it absorbed r
	}
	clear(inputs[:])
	clear(bufs[:])
}

// etaFor returns η of PRF nonce j in K-PKE.Encrypt: η1 for y, η2 for e1, e2.
func (p *Params) etaFor(j int) int {
	if j < p.K {
		return p.Eta1
	}
	return p.Eta2
}
