package mlkem

import (
	"crypto/sha3"
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

var errBatchLengths = errors.New("mlkem: batch slices have different lengths")

// batchItems is how many encapsulations EncapsulateBatchInternal prepares
// together: their PRF streams fill the lanes of the 8-way Keccak.
const batchItems = 8

// EncapsulateBatchInternal runs ML-KEM.Encaps_internal(ek, ms[i]) (FIPS
// 203, Algorithm 17) for every i, writing the ciphertext to cts[i] (each
// p.CiphertextSize() bytes) and the shared key to sharedKeys[i]: byte for
// byte what [EncapsulationKey.EncapsulateInternal] writes. The key's Â is
// used by all items, and the 2k+1 PRF streams of up to eight items at a time
// run through the 8-way Keccak, filled with different messages' streams. It
// allocates nothing.
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
	var (
		rs    [batchItems][32]byte
		noise [batchItems]encryptNoise
		gIn   [64]byte
	)
	for first := 0; first < len(ms); first += batchItems {
		count := min(batchItems, len(ms)-first)
		for b := range count {
			// (K, r) = G(m‖H(ek))
			copy(gIn[:32], ms[first+b][:])
			copy(gIn[32:], ek.h[:])
			g := sha3.Sum512(gIn[:])
			copy(sharedKeys[first+b][:], g[:32])
			copy(rs[b][:], g[32:])
			clear(g[:])
		}
		sampleBatchNoise(p, &noise, &rs, count)
		for b := range count {
			pkeEncryptNoise(p, ek, cts[first+b], &ms[first+b], &noise[b])
		}
	}
	clear(rs[:])
	clear(noise[:])
	clear(gIn[:])
	return nil
}

// sampleBatchNoise sets noise[b] to y, e1, e2 of K-PKE.Encrypt with
// randomness rs[b] for b < count: SamplePolyCBD_η(PRF_η(r, j)) for nonces j
// < 2k+1 (FIPS 203, Algorithm 14, lines 9–17), eight streams at a time on
// [keccak.ShakeX8] whatever item they belong to. Lanes past the last stream
// repeat it; their output is discarded.
func sampleBatchNoise(p *Params, noise *[batchItems]encryptNoise, rs *[batchItems][32]byte, count int) {
	perItem := 2*p.k + 1
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
	}
	clear(inputs[:])
	clear(bufs[:])
}

// etaFor returns η of PRF nonce j in K-PKE.Encrypt: η1 for y, η2 for e1, e2.
func (p *Params) etaFor(j int) int {
	if j < p.k {
		return p.eta1
	}
	return p.eta2
}
