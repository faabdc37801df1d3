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
	a       [25 * 4]uint64
	lane    [4]laneProgress
	scratch [4][25 * 8]byte // per lane, where squeezeLanes stores what a lane's output does not take
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
// lane is busy, or if the job was not made by one of the constructors: bugs
// in the caller.
func (x *LanesX4) Start(jobs []Job, j int) {
	if jobs[j].rate == 0 {
		panic("keccak: LanesX4.Start with a Job not made by a constructor")
	}
	for s := range x.lane {
		if !x.lane[s].busy {
			x.startOn(s, j)
			return
		}
	}
	panic("keccak: LanesX4.Start with every lane busy")
}

func (x *LanesX4) startOn(s, j int) {
	x.lane[s] = laneProgress{busy: true, job: j}
	for w := range 25 {
		x.a[4*w+s] = 0
	}
}

// Run starts jobs[first:end] as lanes become idle and permutes until all of
// them are done; lanes busy with earlier jobs advance with them.
func (x *LanesX4) Run(jobs []Job, first, end int) {
	_ = jobs[first:end]
	next := first
	for {
		pending := false
		for s := range x.lane {
			l := &x.lane[s]
			if !l.busy && next < end {
				x.Start(jobs, next)
				next++
			}
			pending = pending || l.busy && l.job >= first && l.job < end
		}
		if !pending {
			return
		}
		x.step(jobs)
	}
}

// Wait permutes until every lane is idle.
func (x *LanesX4) Wait(jobs []Job) {
	for x.lane[0].busy || x.lane[1].busy || x.lane[2].busy || x.lane[3].busy {
		x.step(jobs)
	}
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
	permuteX4InPlace(&x.a)
	x.squeezeLanes(jobs)
}

// squeezeLanes copies the block each padded lane's permutation produced to
// its output, and marks the lanes whose output is complete idle. One
// transposing store serves every lane: it writes the words the longest
// reading lane takes, straight to the outputs of the lanes that take exactly
// that many bytes, and to a lane's scratch block otherwise (shorter outputs,
// such as H's 32 bytes beside SampleNTT's 168, and lanes that are not
// reading), from which the shorter outputs are copied.
func (x *LanesX4) squeezeLanes(jobs []Job) {
	var outs [4][]byte
	longest := 0
	for s := range x.lane {
		l := &x.lane[s]
		if !l.busy || !l.padded {
			continue
		}
		job := &jobs[l.job]
		outs[s] = job.Out[l.out:min(len(job.Out), l.out+job.rate)]
		longest = max(longest, len(outs[s]))
	}
	if longest == 0 {
		x.retire(jobs, &outs)
		return
	}
	// The rates are whole words, so words ≤ rate/8 stays in the rate.
	words := (longest + 7) / 8
	var dst [4][]byte
	for s := range dst {
		dst[s] = x.scratch[s][:8*words]
		if len(outs[s]) == 8*words {
			dst[s] = outs[s]
		}
	}
	storeWords(dst[:], 0, x.a[:], 0, words)
	for s := range outs {
		if len(outs[s]) != 8*words {
			copy(outs[s], x.scratch[s][:])
		}
	}
	x.retire(jobs, &outs)
}

// retire advances each padded lane past the bytes outs[s] took from its
// block, and marks the lanes whose output is complete idle.
func (x *LanesX4) retire(jobs []Job, outs *[4][]byte) {
	for s := range x.lane {
		l := &x.lane[s]
		if !l.busy || !l.padded {
			continue
		}
		l.out += len(outs[s])
		if l.out == len(jobs[l.job].Out) {
			l.busy = false
		}
	}
}

// xorLane adds p, at most a rate's bytes, to the start of state s. The
// bounds are spelled out (s < 4, at most Rate128/8 words) so that the
// compiler drops the per-word checks.
func (x *LanesX4) xorLane(s int, p []byte) {
	words := min(len(p)/8, Rate128/8)
	a := x.a[s&3:]
	for w, q := 0, p; w < words; w, q = w+1, q[8:] {
		a[4*w] ^= binary.LittleEndian.Uint64(q)
	}
	for i := 8 * words; i < len(p); i++ {
		xorByteIntoState(x.a[:], 4, s, i, p[i])
	}
}

// Clear zeroes the states and the scratch blocks, which may hold secret
// output.
func (x *LanesX4) Clear() {
	clear(x.a[:])
	clear(x.scratch[:])
}
