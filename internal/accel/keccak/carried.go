package keccak

// Carried is one SHAKE256 or SHA3-256 instance whose input is known, in
// whole or in part, while eight or four other instances squeeze: every
// permutation of [ShakeX8.SqueezeBlocksCarrying] or
// [ShakeX4.SqueezeBlocksCarrying] also
// absorbs one waiting block of its input where the level has a fused
// kernel: keccakF1600x8x1AVX512 at AVX512 and keccakF1600x4x1AVX2 at AVX2
// (the multi-state code interleaved with the scalar one), which cost a
// fraction of a single-state permutation more than the multi-state kernel
// alone. Elsewhere nothing is carried and [Carried.Squeeze] absorbs the
// whole input. The output is the hash of the input either way.
//
// It serves hashes of long public inputs that do not wait for the batch,
// such as ML-DSA's tr = H(pk) beside ExpandA and SMAUG-T's H(pk) beside
// its matrix. Once the input is complete, [Carried.Close] lets the last,
// padded block be carried too.
type Carried struct {
	s      Shake
	in     []byte // the input fed so far
	done   int    // bytes of in absorbed
	closed bool   // in is the whole input: the padded last block may be carried
}

// NewCarried256 returns an empty SHAKE256 state whose input so far is in.
// Like Feed it returns a value, so that a caller's stack buffer stays on
// the stack.
func NewCarried256(in []byte) Carried {
	var c Carried
	c.s.Init256()
	c.in = in
	return c
}

// NewCarriedSHA3256 is [NewCarried256] for SHA3-256 (the same rate, the
// SHA-3 domain), whose Squeeze writes the 32-byte digest.
func NewCarriedSHA3256(in []byte) Carried {
	c := Carried{in: in}
	c.s.sponge = sponge{rate: RateSHA3256, domain: sha3Domain}
	return c
}

// Feed returns c with in as the input known so far. A later Feed must pass
// a longer slice that begins with the same bytes (the same buffer, filled
// further): what was absorbed is not read again. It panics if in is shorter
// than what was absorbed, or if c is closed. It works on a copy, so that a
// caller's stack buffer stays on the stack: a slice stored through a
// pointer escapes to the heap.
func (c Carried) Feed(in []byte) Carried {
	if c.closed {
		panic("keccak: Carried.Feed after Close")
	}
	if len(in) < c.done {
		panic("keccak: Carried input shorter than what was absorbed")
	}
	c.in = in
	return c
}

// Close declares the input fed so far the whole input: no Feed may follow,
// and a squeeze that carries c may absorb the last block with the padding,
// so that Squeeze only reads the state.
func (c *Carried) Close() { c.closed = true }

// Done reports whether the whole input and the padding are absorbed (by
// carrying squeezes, once c was closed), so that Squeeze permutes no more.
func (c *Carried) Done() bool { return c.s.squeezing }

// Squeeze absorbs the rest of the input, unless a carrying squeeze has
// padded it, and writes len(out) bytes of output; no Feed may follow.
func (c *Carried) Squeeze(out []byte) {
	if !c.s.squeezing {
		c.s.Absorb(c.in[c.done:])
		c.done = len(c.in)
	}
	c.s.Squeeze(out)
}

// ready reports whether a block waits to be absorbed: a whole block of
// input, or, once c is closed, the last one with the padding.
func (c *Carried) ready() bool {
	if c == nil || c.s.squeezing || c.s.pos != 0 {
		return false
	}
	return len(c.in)-c.done >= c.s.rate || c.closed
}

// addBlock adds the next block of input to the state, for a permutation
// that the caller runs at once: a whole block, or the rest of a closed
// input and the padding, after which the permuted state is the first
// block of output.
func (c *Carried) addBlock() {
	if len(c.in)-c.done >= c.s.rate {
		xorWordsGeneric(c.s.a[:], [][]byte{c.in[c.done:]}, 0, 0, c.s.rate/8)
		c.done += c.s.rate
		return
	}
	c.s.Absorb(c.in[c.done:]) // less than a block: no permutation
	c.done = len(c.in)
	c.s.pad(c.s.a[:], 1)
	c.s.pos = 0 // the caller's permutation makes the output block
}

// SqueezeBlocksCarrying is [ShakeX8.SqueezeBlocks], with each permutation
// also absorbing a block of c's input when one waits (see [Carried]).
func (x *ShakeX8) SqueezeBlocksCarrying(out *[8][]byte, c *Carried) {
	x.squeezeBlocks(x.a[:], out[:], c)
}

// SqueezeBlocksCarrying is [ShakeX4.SqueezeBlocks], with each permutation
// also absorbing a block of c's input when one waits (see [Carried]).
func (x *ShakeX4) SqueezeBlocksCarrying(out *[4][]byte, c *Carried) {
	x.squeezeBlocks(x.a[:], out[:], c)
}

// permuteCarrying permutes the interleaved states a, and absorbs a block of
// c with the same kernel when one waits and the level has the fused kernel
// for len(a).
func permuteCarrying(a []uint64, c *Carried) {
	switch {
	case len(a) == 25*8 && c.ready() && permuteX8CarryingInPlace((*[25 * 8]uint64)(a), c):
	case len(a) == 25*4 && c.ready() && permuteX4CarryingInPlace((*[25 * 4]uint64)(a), c):
	default:
		permuteInterleavedInPlace(a)
	}
}
