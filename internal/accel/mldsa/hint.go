package mldsa

// packHints writes the hint vector h (coefficients 0 or 1) as ω + k bytes
// (HintBitPack, Algorithm 20, FIPS 204). The caller has checked that h has
// at most ω ones. h belongs to the signature being output, so it is public
// and the loop may branch on it.
func packHints(p *Params, out []byte, h *[maxK]ringElement) {
	out = out[:p.Omega+p.K]
	clear(out)
	index := 0
	for i := range p.K {
		for j, c := range h[i] {
			if c != 0 {
				out[index] = byte(j)
				index++
			}
		}
		out[p.Omega+i] = byte(index)
	}
}

// unpackHints decodes ω + k bytes into h (HintBitUnpack, Algorithm 21, FIPS
// 204), rejecting every non-canonical encoding: decreasing or repeated
// indices, counts out of order or above ω, and nonzero padding.
func unpackHints(p *Params, h *[maxK]ringElement, in []byte) bool {
	in = in[:p.Omega+p.K]
	for i := range p.K {
		clear(h[i][:])
	}
	index := 0
	for i := range p.K {
		end := int(in[p.Omega+i])
		if end < index || end > p.Omega {
			return false
		}
		first := index
		for ; index < end; index++ {
			if index > first && in[index-1] >= in[index] {
				return false
			}
			h[i][in[index]] = 1
		}
	}
	for _, b := range in[index:p.Omega] {
		if b != 0 {
			return false
		}
	}
	return true
}
