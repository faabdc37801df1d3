package mlkem

// constantTimeEqualGeneric returns 1 if a and b, of equal length, hold the
// same bytes and 0 otherwise, reading every byte whatever the contents
// (Decaps compares the re-encrypted ciphertext with the secret-dependent
// result this way): the portable kernel behind constantTimeEqual.
func constantTimeEqualGeneric(a, b []byte) int {
	b = b[:len(a)]
	var diff byte
	for i := range a {
		diff |= a[i] ^ b[i]
	}
	// diff−1 borrows out of the low byte only when diff is zero.
	return int((uint32(diff) - 1) >> 31)
}

// constantTimeSelectGeneric sets dst to a if choice is 1 and to b if choice
// is 0, without branching on choice: the portable kernel behind
// constantTimeSelect. All three have the same length.
func constantTimeSelectGeneric(dst, a, b []byte, choice int) {
	a, b = a[:len(dst)], b[:len(dst)]
	mask := byte(-choice)
	for i := range dst {
		dst[i] = b[i] ^ (mask & (a[i] ^ b[i]))
	}
}
