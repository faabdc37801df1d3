package keccak

// ShakeX4 is four independent SHAKE states of the same kind, absorbing inputs
// of equal length and squeezing in lockstep: the shape a 4-way (AVX2) Keccak
// kernel computes. The portable version loops over the lanes.
type ShakeX4 struct{ lanes [4]Shake }

// ShakeX8 is eight independent SHAKE states of the same kind: the shape an
// 8-way (AVX-512) Keccak kernel computes. The portable version loops over the
// lanes.
type ShakeX8 struct{ lanes [8]Shake }

// Init128 resets every lane to an empty SHAKE128 state.
func (x *ShakeX4) Init128() { initLanes(x.lanes[:], Rate128) }

// Init256 resets every lane to an empty SHAKE256 state.
func (x *ShakeX4) Init256() { initLanes(x.lanes[:], Rate256) }

// Absorb adds in[i] to lane i. All inputs must have the same length.
func (x *ShakeX4) Absorb(in *[4][]byte) { absorbLanes(x.lanes[:], in[:]) }

// SqueezeBlocks writes whole blocks to each out[i] from lane i. All outputs
// must have the same length, a multiple of the rate.
func (x *ShakeX4) SqueezeBlocks(out *[4][]byte) { squeezeLanes(x.lanes[:], out[:]) }

// Init128 resets every lane to an empty SHAKE128 state.
func (x *ShakeX8) Init128() { initLanes(x.lanes[:], Rate128) }

// Init256 resets every lane to an empty SHAKE256 state.
func (x *ShakeX8) Init256() { initLanes(x.lanes[:], Rate256) }

// Absorb adds in[i] to lane i. All inputs must have the same length.
func (x *ShakeX8) Absorb(in *[8][]byte) { absorbLanes(x.lanes[:], in[:]) }

// SqueezeBlocks writes whole blocks to each out[i] from lane i. All outputs
// must have the same length, a multiple of the rate.
func (x *ShakeX8) SqueezeBlocks(out *[8][]byte) { squeezeLanes(x.lanes[:], out[:]) }

func initLanes(lanes []Shake, rate int) {
	for i := range lanes {
		lanes[i] = Shake{rate: rate}
	}
}

func absorbLanes(lanes []Shake, in [][]byte) {
	for i := range lanes {
		if len(in[i]) != len(in[0]) {
			panic("keccak: multi-lane Absorb with unequal input lengths")
		}
		lanes[i].Absorb(in[i])
	}
}

func squeezeLanes(lanes []Shake, out [][]byte) {
	for i := range lanes {
		if len(out[i]) != len(out[0]) {
			panic("keccak: multi-lane SqueezeBlocks with unequal output lengths")
		}
		lanes[i].SqueezeBlocks(out[i])
	}
}
