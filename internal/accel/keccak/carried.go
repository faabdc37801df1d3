package keccak

// Carried is one SHAKE256 instance whose input is known, in whole or in
// part, while eight other instances squeeze: every 8-way permutation of
// [ShakeX8.SqueezeBlocksCarrying] also absorbs one waiting block of its
// input. At level AVX512 the two run as one kernel (keccakF1600x8x1AVX512,
// the 8-way code interleaved with the scalar one), which costs about a
// third of a single-state permutation more than the 8-way kernel alone;
// at the other levels nothing is carried and [Carried.Squeeze] absorbs the
// whole input. The output is SHAKE256 of the input either way.
//
// It serves hashes of long public inputs that do not wait for the batch,
// such as ML-DSA's tr = H(pk) beside ExpandA.
type Carried struct {
	s    Shake
	in   []byte // the input fed so far
	done int    // bytes of in absorbed
}

// NewCarried256 returns an empty SHAKE256 state whose input so far is in.
// Building the value here rather than through Feed keeps a caller's stack
// buffer on the stack (a slice stored through a pointer escapes).
func NewCarried256(in []byte) Carried {
	var c Carried
	c.s.Init256()
	c.in = in
	return c
}

// Feed makes in the input known so far. A later Feed must pass a longer
// slice that begins with the same bytes (the same buffer, filled further):
// what was absorbed is not read again. It panics if in is shorter than what
// was absorbed.
func (c *Carried) Feed(in []byte) {
	if len(in) < c.done {
		panic("keccak: Carried input shorter than what was absorbed")
	}
	c.in = in
}

// Squeeze absorbs the rest of the input and writes len(out) bytes of
// output; no Feed may follow.
func (c *Carried) Squeeze(out []byte) {
	c.s.Absorb(c.in[c.done:])
	c.done = len(c.in)
	c.s.Squeeze(out)
}

// ready reports whether a whole block of input waits to be absorbed.
func (c *Carried) ready() bool {
	return c != nil && !c.s.squeezing && c.s.pos == 0 && len(c.in)-c.done >= c.s.rate
}

// addBlock adds the next block of input to the state, for a permutation
// that the caller runs.
func (c *Carried) addBlock() {
	xorWordsGeneric(c.s.a[:], [][]byte{c.in[c.done:]}, 0, 0, c.s.rate/8)
	c.done += c.s.rate
}

// SqueezeBlocksCarrying is [ShakeX8.SqueezeBlocks], with each permutation
// also absorbing a block of c's input when one waits (see [Carried]).
func (x *ShakeX8) SqueezeBlocksCarrying(out *[8][]byte, c *Carried) {
	x.squeezeBlocks(x.a[:], out[:], c)
}

// permuteCarrying permutes the interleaved states a, and absorbs a block of
// c with the same kernel when one waits and the level has the fused kernel
// for len(a).
func permuteCarrying(a []uint64, c *Carried) {
	if len(a) == 25*8 && c.ready() && permuteX8Carrying((*[25 * 8]uint64)(a), c) {
		return
	}
	permuteInterleaved(a)
}
