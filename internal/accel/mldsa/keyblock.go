package mldsa

// Key storage. A key keeps only what signing or verifying reads, sized for
// its parameter set, in one allocation: a keyBlock holds an array of ring
// elements that the key's slices view (Â, t̂1 and, for a private key, t̂0),
// the public-key encoding, and the key struct. In KiB (ring elements +
// encoding, and the block the runtime allocates, in whole 8 KiB pages):
//
//	            44                65                87
//	public      20 + 1.3 → 24     36 + 1.9 → 40     64 + 2.5 → 72
//	private     24 + 1.3 → 32     42 + 1.9 → 48     72 + 2.5 → 80
//
// A private key's packed tables of s1 and s2 (pspm.go: 6, 8.25 and 11.25
// KiB) are a second allocation, and a key's batch terms a third, on its
// first batch operation (batch_product.go). (Before, a private key took
// three allocations of 96 to 144 KiB in all: every array was sized for
// ML-DSA-87, and s1, s2, t0 and t1 were kept beside their signing forms.)
//
// The ring elements come first: the runtime starts a block above 32 KiB
// (the keys' of 65 and 87) on a page, so every element is 64-byte aligned
// and no 64-byte load of the vector kernels straddles two cache lines, as
// every one did with the key struct (312 bytes) first. Signing measured the
// same either way on this machine (within 1 %), so this is a guard, not a
// gain. A smaller block, an ML-DSA-44 key's, starts after the 8-byte header
// the runtime puts before small objects with pointers. The arrays hold no
// pointers: the garbage collector's walk of the block's pointer bitmap
// skips them.

// keyBlock is a Key (PublicKey or PrivateKey) with the arrays its slices
// view: E is an array of nttElement and B an array of bytes, of the lengths
// for one parameter set.
type keyBlock[Key, E, B any] struct {
	elems E
	enc   B
	key   Key
}

// newKeyBlock allocates a keyBlock and returns its key and the slices of its
// arrays that view returns.
func newKeyBlock[Key, E, B any](view func(*E, *B) ([]nttElement, []byte)) (*Key, []nttElement, []byte) {
	b := new(keyBlock[Key, E, B])
	elems, enc := view(&b.elems, &b.enc)
	return &b.key, elems, enc
}

// publicKeyElements and privateKeyElements are the numbers of ring elements
// of a k×l key: Â and t̂1, and t̂0 besides.
func publicKeyElements(k, l int) int  { return k*l + k }
func privateKeyElements(k, l int) int { return publicKeyElements(k, l) + k }

// newPublicKeyBlock allocates a public key of p with its ring elements and
// encoding, not yet linked (see carve).
func newPublicKeyBlock(p *Params) (*PublicKey, []nttElement, []byte) {
	switch p {
	case &params44:
		return newKeyBlock[PublicKey](func(e *[4*4 + 4]nttElement, b *[32 + 320*4]byte) ([]nttElement, []byte) { return e[:], b[:] })
	case &params65:
		return newKeyBlock[PublicKey](func(e *[6*5 + 6]nttElement, b *[32 + 320*6]byte) ([]nttElement, []byte) { return e[:], b[:] })
	case &params87:
		return newKeyBlock[PublicKey](func(e *[8*7 + 8]nttElement, b *[32 + 320*8]byte) ([]nttElement, []byte) { return e[:], b[:] })
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// newPrivateKeyBlock is newPublicKeyBlock for a private key.
func newPrivateKeyBlock(p *Params) (*PrivateKey, []nttElement, []byte) {
	switch p {
	case &params44:
		return newKeyBlock[PrivateKey](func(e *[4*4 + 2*4]nttElement, b *[32 + 320*4]byte) ([]nttElement, []byte) { return e[:], b[:] })
	case &params65:
		return newKeyBlock[PrivateKey](func(e *[6*5 + 2*6]nttElement, b *[32 + 320*6]byte) ([]nttElement, []byte) { return e[:], b[:] })
	case &params87:
		return newKeyBlock[PrivateKey](func(e *[8*7 + 2*8]nttElement, b *[32 + 320*8]byte) ([]nttElement, []byte) { return e[:], b[:] })
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// take splits the first count elements off elems.
func take(elems []nttElement, count int) (head, rest []nttElement) {
	return elems[:count:count], elems[count:]
}

// carve links pk to its parameter set, ring elements and encoding buffer,
// and returns the elements left over: none for a public key's block, t̂0's
// for a private key's.
func (pk *PublicKey) carve(p *Params, elems []nttElement, enc []byte) (rest []nttElement) {
	pk.p = p
	pk.pk = enc[:p.PublicKeySize():p.PublicKeySize()]
	pk.a, rest = take(elems, p.K*p.L)
	pk.t1H, rest = take(rest, p.K)
	return rest
}

// newPublicKey allocates a zero public key of p, linked to its storage.
func newPublicKey(p *Params) *PublicKey {
	pk, elems, enc := newPublicKeyBlock(p)
	pk.carve(p, elems, enc)
	return pk
}

// newPrivateKey allocates a zero private key of p, linked to its storage.
func newPrivateKey(p *Params) *PrivateKey {
	sk, elems, enc := newPrivateKeyBlock(p)
	rest := sk.pub.carve(p, elems, enc)
	sk.t0H, _ = take(rest, p.K)
	return sk
}
