package mldsa

// MuBatch sets mus[i] to μ = H(tr‖M′, 64) of M′ = NewMessage(msgs[i], ctx)
// for every i (Algorithm 7, FIPS 204, line 6), what [Message.Mu] gives one
// message at a time. Runs of up
// to eight consecutive messages of equal length are hashed together in the
// lanes of the multi-way Keccak; a message whose length differs from its
// neighbours' takes a run of its own. It allocates nothing.
func MuBatch(mus [][MuSize]byte, tr *[64]byte, msgs [][]byte, ctx []byte) error {
	if len(mus) != len(msgs) {
		return ErrBatchLengths
	}
	if len(ctx) > MaxContextSize {
		return ErrContextTooLong
	}
	prefix := [2]byte{0, byte(len(ctx))}
	// The runs depend on the message lengths only, which are public.
	for first := 0; first < len(msgs); {
		lanes := 1
		for lanes < maxLanes && first+lanes < len(msgs) && len(msgs[first+lanes]) == len(msgs[first]) {
			lanes++
		}
		var hash laneHash
		var in, out [maxLanes][]byte
		hash.init(lanes)
		for _, part := range [][]byte{tr[:], prefix[:], ctx} {
			for l := range lanes {
				in[l] = part
			}
			hash.absorb(&in)
		}
		for l := range lanes {
			in[l] = msgs[first+l]
			out[l] = mus[first+l][:]
		}
		hash.absorb(&in)
		hash.squeeze(&out)
		first += lanes
	}
	return nil
}
