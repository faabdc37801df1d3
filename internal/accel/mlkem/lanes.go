package mlkem

import "github.com/crystals-go/crystals/internal/accel/keccak"

// Schedules on the lanes of package keccak where the plan says so
// (plan.lanes: the 4-way kernel costs about one single-state permutation):
// the long single streams H(ek) (six, nine and twelve permutations for
// k = 2, 3, 4) and J(z‖c) (the same) carry the other Keccak work of
// their operation in the spare lanes, on eight lanes where the plan prices
// them low enough (plan.laneCost8). Elsewhere the operations keep their
// separate calls.

// expandAHashLanes fills Â from ρ as expandA does and returns H(ek), running
// the k² SampleNTT streams (three blocks each) beside H on the lanes
// (keccak.RunJobs): on four for k = 2 and 3, where H's six or nine blocks
// set the pace there already, and for k = 4, whose 48 stream blocks make
// fifteen 4-way steps, on eight where those take H's twelve. The streams
// are sized for the set: Go zeroes every local array on each call, and
// k = 4's sixteen (8.6 KiB) would cost ML-KEM-512 twelve it never uses.
func expandAHashLanes(pl *plan, a []nttElement, rho *[32]byte, k int, ek []byte) [32]byte {
	switch k {
	case 2:
		var streams [2 * 2]sampleStream
		return expandAHashStreams(pl, a, rho, k, ek, streams[:])
	case 3:
		var streams [3 * 3]sampleStream
		return expandAHashStreams(pl, a, rho, k, ek, streams[:])
	default:
		var streams [maxK * maxK]sampleStream
		return expandAHashStreams(pl, a, rho, k, ek, streams[:])
	}
}

// expandAHashStreams is expandAHashLanes with streams, k² of them, as its
// buffers.
func expandAHashStreams(pl *plan, a []nttElement, rho *[32]byte, k int, ek []byte, streams []sampleStream) (h [32]byte) {
	var jobs [1 + maxK*maxK]keccak.Job
	jobs[0] = keccak.SHA3256Job(ek, &h) // first, on a lane of its own
	for idx := range streams {
		jobs[1+idx] = streams[idx].job(rho, k, idx)
	}
	keccak.RunJobs(jobs[:1+len(streams)], pl.laneCost8)
	for idx := range streams {
		streams[idx].parse(&a[idx])
	}
	return h
}

// sampleStream is one SampleNTT stream of Â on the lanes: its input ρ‖j‖i
// and three blocks of output.
type sampleStream struct {
	in  [34]byte
	out [sampleNTTBlocks * keccak.Rate128]byte
}

// job returns the SHAKE128 job of entry idx = i·k + j of Â, with s as its
// buffers.
func (s *sampleStream) job(rho *[32]byte, k, idx int) keccak.Job {
	copy(s.in[:], rho[:])
	s.in[32] = byte(idx % k) // j
	s.in[33] = byte(idx / k) // i
	return keccak.SHAKE128Job(s.in[:], s.out[:])
}

// parse sets f to the entry of Â the finished stream s sampled. When the
// three blocks hold fewer than 256 coefficients below q (about one entry in
// 120), f is sampled again on a single state that squeezes as many blocks
// as it needs; that branch is on the public ρ.
func (s *sampleStream) parse(f *nttElement) {
	if sampleNTTParse(f, 0, s.out[:]) < n {
		sampleNTT(f, &s.in)
	}
}

// decapsulateKeccakLanes computes, for decapsulation with the message m'
// (FIPS 203, Algorithm 18 lines 6–8), K̄ = J(z‖c), (K', r') = G(m'‖h) and
// the noise of the re-encryption under r' (Algorithm 14 lines 9–17), with J
// on one lane and G, then the 2k+1 PRF streams, on the others.
func decapsulateKeccakLanes(p *Params, dk *DecapsulationKey, c []byte, m *[32]byte, kBar *[32]byte, g *[64]byte, noise []ringElement) {
	k := p.K
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

	streams := 2*k + 1
	for i := range streams {
		jobs[2+i] = prfJob(&prfIn[i], &prfOut[i], (*[32]byte)(g[32:]), byte(i), encryptEta(p, i))
	}
	x.Run(jobs[:], 2, 2+streams)
	cbdFromJobs(noise[:streams], jobs[2:2+streams])
	x.Wait(jobs[:])
	x.Clear()
	clear(jIn[:32])
	clear(gIn[:])
	clear(prfIn[:streams])
	clear(prfOut[:streams])
}

// prfJob returns the job PRF_η(s, b) = SHAKE256(s‖b, 64·η) (FIPS 203,
// Section 4.1) with in and out as its buffers.
func prfJob(in *[33]byte, out *[3 * 64]byte, s *[32]byte, b byte, eta int) keccak.Job {
	copy(in[:], s[:])
	in[32] = b
	return keccak.SHAKE256Job(in[:], out[:64*eta])
}

// encryptEta is η of noise stream i of K-PKE.Encrypt (FIPS 203, Algorithm
// 14): y uses nonces 0 … k−1 with η1; e1 uses k … 2k−1 and e2 uses 2k, with
// η2.
func encryptEta(p *Params, i int) int {
	if i < p.K {
		return p.Eta1
	}
	return p.Eta2
}

// cbdFromJobs sets out[i] = SamplePolyCBD_η(jobs[i].Out), with η read from
// the output length 64·η.
func cbdFromJobs(out []ringElement, jobs []keccak.Job) {
	for i := range out {
		samplePolyCBD(&out[i], jobs[i].Out, len(jobs[i].Out)/64)
	}
}

// keyGenLanes reports whether K-PKE.KeyGen runs its Keccak work on the
// lanes: where the plan uses them and entries of Â are left over from the
// 8-way calls without filling whole 4-way calls (one entry for k = 3). For
// k = 2 the four entries and the four PRF streams each fill one 4-way call
// (plan.multiLanes), the same five permutations as on the lanes without
// their per-step scheduling; three steps on eight lanes measured no faster
// on full-width AVX-512 (docs/PERFORMANCE.md).
func keyGenLanes(pl *plan, k int) bool {
	return pl.lanes && k*k%8 != 0 && k*k%4 != 0 && k*k%8 <= keyGenLeftEntries
}

// keyGenLeftEntries is the most entries of Â that expandANoiseLanes runs on
// the lanes: k² mod 8, which is 1 for k = 3, the one set keyGenLanes picks.
const keyGenLeftEntries = 1

// expandANoiseLanes fills Â as expandA does and se with the 2k noise
// polynomials of K-PKE.KeyGen (FIPS 203, Algorithm 13 lines 8–15, nonces
// 0 … 2k−1 with η1): whole groups of eight entries on the 8-way kernel, the
// rest of Â and the PRF streams together on the lanes. For k = 3 that is
// three 4-way permutations where the ninth entry took three single-state
// ones and the noise an 8-way one (keccak.RunJobs keeps four lanes for
// those nine blocks). Short entries are sampled again (sampleStream.parse).
func expandANoiseLanes(pl *plan, a []nttElement, rho *[32]byte, k int, sigma *[32]byte, eta int, se []ringElement) {
	first := 0
	for ; k*k-first >= 8; first += 8 {
		x := newLaneXOF(8, true)
		expandALanes(&x, a, rho, k, first)
	}
	// The entries left over (keyGenLanes: at most keyGenLeftEntries) go on
	// the lanes: the streams hold that many, not maxK² (Go zeroes every
	// local array on each call).
	var streams [keyGenLeftEntries]sampleStream
	var prfIn [2 * maxK][33]byte
	var prfOut [2 * maxK][3 * 64]byte
	var jobs [len(streams) + 2*maxK]keccak.Job
	entries := k*k - first
	for e := range entries {
		jobs[e] = streams[e].job(rho, k, first+e)
	}
	for i := range 2 * k {
		jobs[entries+i] = prfJob(&prfIn[i], &prfOut[i], sigma, byte(i), eta)
	}
	keccak.RunJobs(jobs[:entries+2*k], pl.laneCost8)
	cbdFromJobs(se[:2*k], jobs[entries:entries+2*k])
	clear(prfIn[:2*k])
	clear(prfOut[:2*k])
	for e := range entries {
		streams[e].parse(&a[first+e])
	}
}

// encryptNoiseLanes samples the noise of K-PKE.Encrypt under r on the
// lanes, for ML-KEM-512 at AVX512: its two η1 = 3 streams take two blocks
// each and its three η2 = 2 streams one, seven lane permutations that fit
// in two 4-way permutations, where the 8-way calls took three.
func encryptNoiseLanes(p *Params, r *[32]byte, noise []ringElement) {
	var prfIn [2*maxK + 1][33]byte
	var prfOut [2*maxK + 1][3 * 64]byte
	var jobs [2*maxK + 1]keccak.Job
	streams := 2*p.K + 1
	for i := range streams {
		jobs[i] = prfJob(&prfIn[i], &prfOut[i], r, byte(i), encryptEta(p, i))
	}
	var x keccak.LanesX4
	x.Run(jobs[:], 0, streams)
	cbdFromJobs(noise[:streams], jobs[:streams])
	x.Clear()
	clear(prfIn[:streams])
	clear(prfOut[:streams])
}
