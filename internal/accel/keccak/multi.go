package keccak

// ShakeX4 is four independent SHAKE states of the same kind, absorbing inputs
// of equal length and squeezing in lockstep: the shape a 4-way Keccak kernel
// computes. The states are lane-interleaved: word w of state s is a[4w+s], so
// one 256-bit load fetches word w of all four.
type ShakeX4 struct {
	a [25 * 4]uint64
	sponge
}

// ShakeX8 is eight independent SHAKE states of the same kind, the shape an
// 8-way Keccak kernel computes. Word w of state s is a[8w+s].
type ShakeX8 struct {
	a [25 * 8]uint64
	sponge
}

// Init128 resets every state to an empty SHAKE128 state.
func (x *ShakeX4) Init128() { *x = ShakeX4{sponge: sponge{rate: Rate128, domain: shakeDomain}} }

// Init256 resets every state to an empty SHAKE256 state.
func (x *ShakeX4) Init256() { *x = ShakeX4{sponge: sponge{rate: Rate256, domain: shakeDomain}} }

// Rate returns the states' block size in bytes.
func (x *ShakeX4) Rate() int { return x.rate }

// Absorb adds in[i] to state i. All inputs must have the same length. It
// panics if called after squeezing began.
func (x *ShakeX4) Absorb(in *[4][]byte) { x.absorb(x.a[:], in[:]) }

// Squeeze writes the next len(out[i]) output bytes of state i to out[i]. All
// outputs must have the same length.
func (x *ShakeX4) Squeeze(out *[4][]byte) { x.squeeze(x.a[:], out[:]) }

// SqueezeBlocks is Squeeze for callers that only take whole blocks: the
// common length of the outputs must be a multiple of the rate.
func (x *ShakeX4) SqueezeBlocks(out *[4][]byte) { x.squeezeBlocks(x.a[:], out[:], nil) }

// Init128 resets every state to an empty SHAKE128 state.
func (x *ShakeX8) Init128() { *x = ShakeX8{sponge: sponge{rate: Rate128, domain: shakeDomain}} }

// Init256 resets every state to an empty SHAKE256 state.
func (x *ShakeX8) Init256() { *x = ShakeX8{sponge: sponge{rate: Rate256, domain: shakeDomain}} }

// InitSHA3_512 resets every state to an empty SHA3-512 state (FIPS 202,
// Section 6.1), for hashes such as ML-KEM's G over eight inputs: absorb,
// then squeeze the 64-byte digests once.
func (x *ShakeX8) InitSHA3_512() {
	*x = ShakeX8{sponge: sponge{rate: RateSHA3512, domain: sha3Domain}}
}

// Rate returns the states' block size in bytes.
func (x *ShakeX8) Rate() int { return x.rate }

// Absorb adds in[i] to state i. All inputs must have the same length. It
// panics if called after squeezing began.
func (x *ShakeX8) Absorb(in *[8][]byte) { x.absorb(x.a[:], in[:]) }

// Squeeze writes the next len(out[i]) output bytes of state i to out[i]. All
// outputs must have the same length.
func (x *ShakeX8) Squeeze(out *[8][]byte) { x.squeeze(x.a[:], out[:]) }

// SqueezeBlocks is Squeeze for callers that only take whole blocks: the
// common length of the outputs must be a multiple of the rate.
func (x *ShakeX8) SqueezeBlocks(out *[8][]byte) { x.squeezeBlocks(x.a[:], out[:], nil) }
