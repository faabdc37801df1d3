package keccak

import "encoding/binary"

// Job is one whole hash computation for [LanesX4]: the sponge of the given
// rate and padding absorbs In and writes len(Out) bytes of output to Out.
// Build it with [SHAKE128Job], [SHAKE256Job], [SHA3256Job] or [SHA3512Job].
type Job struct {
	In     []byte
	Out    []byte
	rate   int
	domain byte
}

// SHAKE128Job is SHAKE128(in), len(out) bytes.
func SHAKE128Job(in, out []byte) Job { return Job{in, out, Rate128, shakeDomain} }

// SHAKE256Job is SHAKE256(in), len(out) bytes.
func SHAKE256Job(in, out []byte) Job { return Job{in, out, Rate256, shakeDomain} }

// SHA3256Job is SHA3-256(in).
func SHA3256Job(in []byte, out *[32]byte) Job { return Job{in, out[:], RateSHA3256, sha3Domain} }

// SHA3512Job is SHA3-512(in).
func SHA3512Job(in []byte, out *[64]byte) Job { return Job{in, out[:], RateSHA3512, sha3Domain} }

// LanesX4 runs whole hash jobs of different kinds and lengths on the four
// states of the 4-way kernel, which permutes them together: a lane whose job
// is done takes the next one, and a permutation costs the same whether one
// lane or four are busy. At level AVX512 the 4-way kernel costs about what
// the single-state one does, so a long single stream (ML-KEM's H(ek) or
// J(z‖c)) carries three lanes of other work for free.
//
// The caller keeps the jobs in one slice and passes it to every call; the
// lanes remember indices into it, not the buffers, so nothing escapes to
// the heap. The zero value has every lane idle.
type LanesX4 struct {
	a    [25 * 4]uint64
	lane [4]laneProgress
}

// laneProgress is where one lane stands in its job.
type laneProgress struct {
	busy   bool
	job    int  // index into the caller's jobs
	in     int  // input bytes absorbed
	out    int  // output bytes written
	padded bool // the last input block and the padding are absorbed
}

// Start puts jobs[j] on an idle lane, on a cleared state. It panics if every
// lane is busy, which is a bug in the caller.
func (x *LanesX4) Start(jobs []Job, j int) {
	_ = jobs[j]
	for s := range x.lane {
		if !x.lane[s].busy {
			x.lane[s] = laneProgress{busy: true, job: j}
			for w := range 25 {
				x.a[4*w+s] = 0
			}
			return
		}
	}
	panic("keccak: LanesX4.Start with every lane busy")
}

// Run starts jobs[first:end] as lanes become idle and permutes until all of
// them are done; lanes busy with earlier jobs advance with them.
func (x *LanesX4) Run(jobs []Job, first, end int) {
	next := first
	for {
		for next < end && x.idleLanes() > 0 {
			x.Start(jobs, next)
			next++
		}
		if next == end && !x.busyWith(first, end) {
			return
		}
		x.step(jobs)
	}
}

// Wait permutes until every lane is idle.
func (x *LanesX4) Wait(jobs []Job) {
	for x.idleLanes() < len(x.lane) {
		x.step(jobs)
	}
}

func (x *LanesX4) idleLanes() (n int) {
	for _, l := range x.lane {
		if !l.busy {
			n++
		}
	}
	return n
}

func (x *LanesX4) busyWith(first, end int) bool {
	for _, l := range x.lane {
		if l.busy && l.job >= first && l.job < end {
			return true
		}
	}
	return false
}

// step advances every busy lane by one permutation: a lane still absorbing
// adds its next input block (or the last, partial one and the padding,
// FIPS 202 Sections 6.1 and 6.2), and a padded lane copies the block the
// permutation produced to its output. The byte loops depend on lengths and
// positions only, which are public.
func (x *LanesX4) step(jobs []Job) {
	for s := range x.lane {
		l := &x.lane[s]
		if !l.busy || l.padded {
			continue
		}
		job := &jobs[l.job]
		rest := job.In[l.in:]
		if len(rest) >= job.rate {
			x.xorLane(s, rest[:job.rate])
			l.in += job.rate
			continue
		}
		x.xorLane(s, rest)
		xorByteIntoState(x.a[:], 4, s, len(rest), job.domain)
		xorByteIntoState(x.a[:], 4, s, job.rate-1, 0x80)
		l.in += len(rest)
		l.padded = true
	}
	permuteX4(&x.a)
	for s := range x.lane {
		l := &x.lane[s]
		if !l.busy || !l.padded {
			continue
		}
		job := &jobs[l.job]
		l.out += x.readLane(s, job.Out[l.out:min(len(job.Out), l.out+job.rate)])
		if l.out == len(job.Out) {
			l.busy = false
		}
	}
}

// xorLane adds p to the start of state s.
func (x *LanesX4) xorLane(s int, p []byte) {
	w := 0
	for ; 8*w+8 <= len(p); w++ {
		x.a[4*w+s] ^= binary.LittleEndian.Uint64(p[8*w:])
	}
	for i := 8 * w; i < len(p); i++ {
		xorByteIntoState(x.a[:], 4, s, i, p[i])
	}
}

// readLane copies the first len(out) bytes of state s to out.
func (x *LanesX4) readLane(s int, out []byte) int {
	w := 0
	for ; 8*w+8 <= len(out); w++ {
		binary.LittleEndian.PutUint64(out[8*w:], x.a[4*w+s])
	}
	for i := 8 * w; i < len(out); i++ {
		out[i] = stateByte(x.a[:], 4, s, i)
	}
	return len(out)
}

// Clear zeroes the states, which may hold secret input.
func (x *LanesX4) Clear() { clear(x.a[:]) }
