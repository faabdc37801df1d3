package mldsa

// Rejection samplers of FIPS 204, Section 7.3. Each kernel consumes one
// buffer of XOF output and reports how many coefficients are filled, so the
// callers can squeeze the next blocks of several XOF lanes in lockstep.

// rejNTTPolyGeneric fills a from index filled on with coefficients accepted
// from buf, three bytes each (Algorithms 14 and 30, FIPS 204), and returns
// the new fill level: the portable kernel behind rejNTTPoly. It is variable
// time: its input is SHAKE128(ρ‖s‖r) with ρ public, and only the matrix A,
// which is public, comes out of it.
func rejNTTPolyGeneric(a *nttElement, filled int, buf []byte) int {
	for i := 0; i+3 <= len(buf) && filled < n; i += 3 {
		v := uint32(buf[i]) | uint32(buf[i+1])<<8 | uint32(buf[i+2]&0x7f)<<16
		if v < q {
			a[filled] = fieldElement(v)
			filled++
		}
	}
	return filled
}

// rejBoundedPolyGeneric fills a from index filled on with coefficients in
// [−η, η] accepted from the half-bytes of buf (Algorithms 15 and 31, FIPS
// 204), and returns the new fill level: the portable kernel behind
// rejBoundedPoly. The loop's timing reveals which half-bytes were
// rejected, that is only how much XOF output was used: a rejected half-byte
// carries no information about the accepted ones, which are independent
// uniform draws, so the secret coefficients do not leak. The value mapping
// itself is branch-free.
func rejBoundedPolyGeneric(a *ringElement, filled int, eta int, buf []byte) int {
	for _, b := range buf {
		if filled >= n {
			break
		}
		for _, z := range [2]uint32{uint32(b & 0x0f), uint32(b >> 4)} {
			if filled >= n {
				break
			}
			if eta == 2 {
				if z < 15 {
					// 2 − (z mod 5), z mod 5 via z − 5·floor(z·205/1024).
					a[filled] = fieldFromInt32(2 - int32(z-5*((z*205)>>10)))
					filled++
				}
			} else if z < 9 {
				a[filled] = fieldFromInt32(4 - int32(z))
				filled++
			}
		}
	}
	return filled
}
