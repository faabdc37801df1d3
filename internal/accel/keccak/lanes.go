package keccak

import "encoding/binary"

// Job is one whole hash computation for [LanesX4] or [LanesX8]: the sponge of the given
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

// Permutations returns how many permutations j takes on a lane of
// [LanesX4] or [LanesX8]: one per whole block of input, one for the last
// block and the padding (which yields the first block of output), and one
// per further block of output; 0 for a Job not made by a constructor.
func (j *Job) Permutations() int {
	if j.rate == 0 {
		return 0
	}
	return len(j.In)/j.rate + max(1, (len(j.Out)+j.rate-1)/j.rate)
}

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
	l lanes[[25 * 4]uint64, [4]laneProgress, [4][25 * 8]byte]
}

// LanesX8 is [LanesX4] on the eight states of the 8-way kernel, with the
// same methods and contract. At level AVX512 an 8-way permutation costs
// less than a 4-way one, so it is the cheaper scheduler there whenever a
// schedule has work for more than four lanes, or a long stream to carry
// other work; at AVX2 it is cheaper per state but dearer per call.
type LanesX8 struct {
	l lanes[[25 * 8]uint64, [8]laneProgress, [8][25 * 8]byte]
}

// lanes is the scheduler of LanesX4 and LanesX8, for either width: the
// interleaved states, where each lane stands, and per lane a scratch block
// where squeezeLanes stores what a lane's output does not take. Each width
// is its own instantiation (the arrays are of different shapes), so the
// width is a constant in its code.
type lanes[A [25 * 4]uint64 | [25 * 8]uint64, P [4]laneProgress | [8]laneProgress, S [4][25 * 8]byte | [8][25 * 8]byte] struct {
	a       A
	lane    P
	scratch S
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
func (x *LanesX4) Start(jobs []Job, j int) { x.l.start(jobs, j) }

// Start is [LanesX4.Start] on eight lanes.
func (x *LanesX8) Start(jobs []Job, j int) { x.l.start(jobs, j) }

// Run starts jobs[first:end] as lanes become idle and permutes until all of
// them are done; lanes busy with earlier jobs advance with them.
func (x *LanesX4) Run(jobs []Job, first, end int) { x.l.run(jobs, first, end) }

// Run is [LanesX4.Run] on eight lanes.
func (x *LanesX8) Run(jobs []Job, first, end int) { x.l.run(jobs, first, end) }

// Wait permutes until every lane is idle.
func (x *LanesX4) Wait(jobs []Job) { x.l.wait(jobs) }

// Wait is [LanesX4.Wait] on eight lanes.
func (x *LanesX8) Wait(jobs []Job) { x.l.wait(jobs) }

// Clear zeroes the states and the scratch blocks, which may hold secret
// output.
func (x *LanesX4) Clear() { x.l.clear() }

// Clear is [LanesX4.Clear] for eight lanes.
func (x *LanesX8) Clear() { x.l.clear() }

// words returns the states as a slice (a type parameter's arrays of two
// lengths cannot be sliced).
func (x *lanes[A, P, S]) words() []uint64 {
	switch a := any(&x.a).(type) {
	case *[25 * 8]uint64:
		return a[:]
	case *[25 * 4]uint64:
		return a[:]
	}
	panic("keccak: lanes of an unknown width")
}

func (x *lanes[A, P, S]) clear() {
	clear(x.words())
	for s := range len(x.scratch) {
		clear(x.scratch[s][:])
	}
}

func (x *lanes[A, P, S]) start(jobs []Job, j int) {
	if jobs[j].rate == 0 {
		panic("keccak: Lanes Start with a Job not made by a constructor")
	}
	for s := range len(x.lane) {
		if !x.lane[s].busy {
			x.startOn(s, j)
			return
		}
	}
	panic("keccak: Lanes Start with every lane busy")
}

func (x *lanes[A, P, S]) startOn(s, j int) {
	x.lane[s] = laneProgress{busy: true, job: j}
	width := len(x.lane)
	for w := range 25 {
		x.a[width*w+s] = 0
	}
}

func (x *lanes[A, P, S]) run(jobs []Job, first, end int) {
	_ = jobs[first:end]
	next := first
	for {
		pending := false
		for s := range len(x.lane) {
			l := &x.lane[s]
			if !l.busy && next < end {
				x.start(jobs, next)
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

func (x *lanes[A, P, S]) wait(jobs []Job) {
	for {
		busy := false
		for s := range len(x.lane) {
			busy = busy || x.lane[s].busy
		}
		if !busy {
			return
		}
		x.step(jobs)
	}
}

// step advances every busy lane by one permutation: a lane still absorbing
// adds its next input block (or the last, partial one and the padding,
// FIPS 202 Sections 6.1 and 6.2), and a padded lane copies the block the
// permutation produced to its output. The byte loops depend on lengths and
// positions only, which are public.
func (x *lanes[A, P, S]) step(jobs []Job) {
	width := len(x.lane)
	for s := range len(x.lane) {
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
		a := x.words()
		xorByteIntoState(a, width, s, len(rest), job.domain)
		xorByteIntoState(a, width, s, job.rate-1, 0x80)
		l.in += len(rest)
		l.padded = true
	}
	switch a := any(&x.a).(type) {
	case *[25 * 8]uint64:
		permuteX8InPlace(a)
	case *[25 * 4]uint64:
		permuteX4InPlace(a)
	}
	x.squeezeLanes(jobs)
}

// squeezeLanes copies the block each padded lane's permutation produced to
// its output, and marks the lanes whose output is complete idle. One
// transposing store serves every lane: it writes the words the longest
// reading lane takes, straight to the outputs of the lanes that take exactly
// that many bytes, and to a lane's scratch block otherwise (shorter outputs,
// such as H's 32 bytes beside SampleNTT's 168, and lanes that are not
// reading), from which the shorter outputs are copied.
func (x *lanes[A, P, S]) squeezeLanes(jobs []Job) {
	// Arrays indexed directly, not sliced, which would send the jobs'
	// buffers to the heap.
	var outs, dst [8][]byte
	width := len(x.lane)
	longest := 0
	for s := range len(x.lane) {
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
	for s := range width {
		dst[s] = x.scratch[s][:8*words]
		if len(outs[s]) == 8*words {
			dst[s] = outs[s]
		}
	}
	storeWords(dst[:width], 0, x.words(), 0, words)
	for s := range width {
		if len(outs[s]) != 8*words {
			copy(outs[s], x.scratch[s][:])
		}
	}
	x.retire(jobs, &outs)
}

// retire advances each padded lane past the bytes outs[s] took from its
// block, and marks the lanes whose output is complete idle.
func (x *lanes[A, P, S]) retire(jobs []Job, outs *[8][]byte) {
	for s := range len(x.lane) {
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

// xorLane adds p, at most a rate's bytes, to the start of state s.
func (x *lanes[A, P, S]) xorLane(s int, p []byte) {
	width := len(x.lane)
	words := min(len(p)/8, Rate128/8)
	for w, q := 0, p; w < words; w, q = w+1, q[8:] {
		x.a[width*w+s&(width-1)] ^= binary.LittleEndian.Uint64(q)
	}
	if 8*words == len(p) {
		return
	}
	a := x.words()
	for i := 8 * words; i < len(p); i++ {
		xorByteIntoState(a, width, s, i, p[i])
	}
}
