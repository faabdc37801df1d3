package keccak_test

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// ExampleShakeX4 expands one seed into four SHAKE128 streams, seed‖i‖0 for
// i = 0…3, the shape of ExpandA (FIPS 204, Algorithm 32) and SampleNTT's
// inputs (FIPS 203, Algorithm 7).
func ExampleShakeX4() {
	var seed [32]byte // all zero, for the example
	var inputs [4][34]byte
	var in, out [4][]byte
	var blocks [4][2 * keccak.Rate128]byte
	for i := range inputs {
		copy(inputs[i][:], seed[:])
		inputs[i][32] = byte(i)
		in[i], out[i] = inputs[i][:], blocks[i][:]
	}
	var x keccak.ShakeX4
	x.Init128()
	x.Absorb(&in)
	x.SqueezeBlocks(&out) // two blocks per stream; call again for more
	for i := range blocks {
		fmt.Printf("%x\n", blocks[i][:8])
	}
	// The first stream equals a single SHAKE128 of the same input.
	var s keccak.Shake
	s.Init128()
	s.Absorb(in[0])
	first := make([]byte, 8)
	s.Squeeze(first)
	fmt.Printf("%x\n", first)
	// Output:
	// 49dfd9809bbc5401
	// 6db5d4620c5ab079
	// eff7c2612b824c6a
	// 53979a03cd1965f6
	// 49dfd9809bbc5401
}
