package mlkem

import (
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// Schedules on [keccak.LanesX4] for level AVX512, where the 4-way kernel
// (283 ns here) costs about one single-state permutation (265 ns): the long
// single streams H(ek) (nine permutations for k = 2 and 3, twelve for k = 4)
// and J(z‖c) (nine to twelve) carry the other Keccak work of their operation
// in the three spare lanes. At the other levels the 4-way kernel costs more
// than two single-state permutations and the operations keep their separate
// calls.

// useLanes reports whether the operations run their Keccak work on
// keccak.LanesX4.
func useLanes() bool { return cpu.Active() == cpu.AVX512 }

// expandAHashLanes fills Â from ρ as expandA does and returns H(ek), running
// the SampleNTT streams (three blocks each) beside H on the lanes. An entry
// whose three blocks hold fewer than 256 coefficients below q (about one in
// 120) is sampled again on a single state that squeezes as many blocks as it
// needs; that branch is on the public ρ.
func expandAHashLanes(a *[maxK * maxK]nttElement, rho *[32]byte, k int, ek []byte) (h [32]byte) {
	var inputs [maxK * maxK][34]byte
	var bufs [maxK * maxK][sampleNTTBlocks * keccak.Rate128]byte
	var jobs [1 + maxK*maxK]keccak.Job
	jobs[0] = keccak.SHA3256Job(ek, &h)
	for idx := range k * k {
		copy(inputs[idx][:], rho[:])
		inputs[idx][32] = byte(idx % k) // j
		inputs[idx][33] = byte(idx / k) // i
		jobs[1+idx] = keccak.SHAKE128Job(inputs[idx][:], bufs[idx][:])
	}
	var x keccak.LanesX4
	x.Start(jobs[:], 0)
	x.Run(jobs[:], 1, 1+k*k)
	x.Wait(jobs[:])
	for idx := range k * k {
		if sampleNTTParse(&a[idx], 0, bufs[idx][:]) < n {
			sampleNTT(&a[idx], &inputs[idx])
		}
	}
	return h
}

// decapsulateKeccakLanes computes, for decapsulation with the message m'
// (FIPS 203, Algorithm 18 lines 6–8), K̄ = J(z‖c), (K', r') = G(m'‖h) and
// the noise of the re-encryption under r' (Algorithm 14 lines 9–17), with J
// on one lane and G, then the 2k+1 PRF streams, on the others.
func decapsulateKeccakLanes(p *Params, dk *DecapsulationKey, c []byte, m *[32]byte, kBar *[32]byte, g *[64]byte, noise *encryptNoise) {
	k := p.k
	var jIn [32 + maxCiphertextLen]byte
	copy(jIn[:], dk.z[:])
	copy(jIn[32:], c)
	var gIn [64]byte
	copy(gIn[:32], m[:])
	copy(gIn[32:], dk.ek.h[:])

	var prfIn [2*maxK + 1][33]byte
	var prfOut [2*maxK + 1][3 * 64]byte
	var jobs [2 + 2*maxK + 1]keccak.Job
	jobs[0] = keccak.SHAKE256Job(jIn[:32+len(c)], kBar[:])
	jobs[1] = keccak.SHA3512Job(gIn[:], g)
	var x keccak.LanesX4
	x.Start(jobs[:], 0)
	x.Run(jobs[:], 1, 2)

	// y uses nonces 0 … k−1 with η1; e1 uses k … 2k−1 and e2 uses 2k, with η2.
	streams := 2*k + 1
	for i := range streams {
		eta := p.eta2
		if i < k {
			eta = p.eta1
		}
		copy(prfIn[i][:], g[32:])
		prfIn[i][32] = byte(i)
		jobs[2+i] = keccak.SHAKE256Job(prfIn[i][:], prfOut[i][:64*eta])
	}
	x.Run(jobs[:], 2, 2+streams)
	for i := range streams {
		samplePolyCBD(&noise[i], jobs[2+i].Out, len(jobs[2+i].Out)/64)
	}
	x.Wait(jobs[:])
	x.Clear()
	clear(jIn[:32])
	clear(gIn[:])
	clear(prfIn[:])
	clear(prfOut[:])
}
