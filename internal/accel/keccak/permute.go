package keccak

// permuteInterleavedInPlace applies Keccak-f[1600] to each of the len(a)/25
// lane-interleaved states in a, with the kernel of the active level.
func permuteInterleavedInPlace(a []uint64) {
	switch len(a) {
	case 25:
		permuteX1InPlace((*[25]uint64)(a))
	case 25 * 4:
		permuteX4InPlace((*[25 * 4]uint64)(a))
	case 25 * 8:
		permuteX8InPlace((*[25 * 8]uint64)(a))
	default:
		panic("keccak: interleaved state of unexpected size")
	}
}

// permuteInterleavedGeneric is the portable specification of the
// multi-state kernels: it permutes each interleaved state in turn.
func permuteInterleavedGeneric(a []uint64) {
	n := len(a) / 25
	for s := 0; s < n; s++ {
		var lanes [25]uint64
		for w := range lanes {
			lanes[w] = a[w*n+s]
		}
		permuteX1Generic(&lanes)
		for w := range lanes {
			a[w*n+s] = lanes[w]
		}
	}
}
