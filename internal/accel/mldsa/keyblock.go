package mldsa

// Key storage. A key keeps only what signing or verifying reads, sized for
// its parameter set, in one allocation: a keyBlock holds an array of ring
// elements that the key's slices view (Â and t̂1 for a public key, Â and t̂0
// for a private key), a private key's windows of s1 and s2 (η − s, a third
// of each packed table of pspm.go, which signing builds from them), the
// public-key encoding, and the key struct. In KiB (ring elements + windows
// + encoding, and the block the runtime allocates, in whole 8 KiB pages, or
// its size class):
//
//	            44                    65                     87
//	public      20 + 1.3 → 24         36 + 1.9 → 40          64 + 2.5 → 72
//	private     20 + 2 + 1.3 → 24     36 + 2.75 + 1.9 → 48   64 + 3.75 + 2.5 → 72
//
// Key generation writes the whole block and the runtime zeroes it first, on
// memory it recycles across collections rather than memory in cache: its
// size is much of key generation's cost (docs/PERFORMANCE.md). So a private
// key keeps neither the tables themselves (6, 8.25 and 11.25 KiB), which a
// signature builds on its stack in a few hundred instructions, nor room for
// t̂1, which signing never reads: the first verification through a private
// key's public half allocates and computes it (t1Hat, keys.go). A key's
// batch terms are also allocated on first use (batch_product.go).
//
// The ring elements come first, then the windows: every element (1 KiB) and
// window (256 bytes) is a whole number of 64-byte lines, so both start as
// aligned as the block. The runtime starts a block above 32 KiB (every
// key's of 65 and 87) on a page, so every element is 64-byte aligned and no
// 64-byte load of the vector kernels straddles two cache lines, as every
// one did with the key struct (312 bytes) first: a guard rather than a gain
// (docs/PERFORMANCE.md). A smaller block, an ML-DSA-44 key's, starts after
// the 8-byte header the runtime puts before small objects with pointers.
// The arrays hold no pointers: the garbage collector's walk of the block's
// pointer bitmap skips them.

// keyBlock is a Key (PublicKey or PrivateKey) with the arrays its slices
// view: E is an array of nttElement, W an array of secret windows (pspm.go;
// empty for a public key) and B an array of bytes, of the lengths for one
// parameter set. Every element and window is a whole number of 64-byte
// lines (1024 and 256 bytes), so the windows start where the elements'
// alignment leaves them.
type keyBlock[Key, E, W, B any] struct {
	elems   E
	windows W
	enc     B
	key     Key
}

// keyStorage is the storage of a key's block as slices.
type keyStorage struct {
	elems   []nttElement
	windows []secretWindow
	enc     []byte
}

// newKeyBlock allocates a keyBlock and returns its key and the slices of its
// arrays.
func newKeyBlock[Key, E, W, B any](view func(*E, *W, *B) keyStorage) (*Key, keyStorage) {
	b := new(keyBlock[Key, E, W, B])
	return &b.key, view(&b.elems, &b.windows, &b.enc)
}

// publicKeyElements and privateKeyElements are the numbers of ring elements
// of a k×l key: Â, and t̂1 or t̂0. privateKeyWindows is the number of secret
// windows of a private key: one per polynomial of s1 and s2.
func publicKeyElements(k, l int) int  { return k*l + k }
func privateKeyElements(k, l int) int { return k*l + k }
func privateKeyWindows(k, l int) int  { return l + k }

// newPublicKeyBlock allocates a public key of p with its storage, not yet
// linked (see carve).
func newPublicKeyBlock(p *Params) (*PublicKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PublicKey](func(e *[4*4 + 4]nttElement, _ *[0]secretWindow, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	case &params65:
		return newKeyBlock[PublicKey](func(e *[6*5 + 6]nttElement, _ *[0]secretWindow, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	case &params87:
		return newKeyBlock[PublicKey](func(e *[8*7 + 8]nttElement, _ *[0]secretWindow, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// newPrivateKeyBlock is newPublicKeyBlock for a private key, whose block
// holds t̂0 instead of t̂1 and the windows of s1 and s2.
func newPrivateKeyBlock(p *Params) (*PrivateKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PrivateKey](func(e *[4*4 + 4]nttElement, t *[4 + 4]secretWindow, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
	case &params65:
		return newKeyBlock[PrivateKey](func(e *[6*5 + 6]nttElement, t *[5 + 6]secretWindow, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
	case &params87:
		return newKeyBlock[PrivateKey](func(e *[8*7 + 8]nttElement, t *[7 + 8]secretWindow, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// take splits the first count elements off elems.
func take(elems []nttElement, count int) (head, rest []nttElement) {
	return elems[:count:count], elems[count:]
}

// carve links pk to its parameter set, Â and encoding buffer, and returns
// the elements left over: t̂1's for a public key's block, t̂0's for a
// private key's.
func (pk *PublicKey) carve(p *Params, s keyStorage) (rest []nttElement) {
	pk.p = p
	pk.pk = s.enc[:p.PublicKeySize():p.PublicKeySize()]
	pk.a, rest = take(s.elems, p.K*p.L)
	return rest
}

// newPublicKey allocates a zero public key of p, linked to its storage.
func newPublicKey(p *Params) *PublicKey {
	pk, s := newPublicKeyBlock(p)
	pk.t1H, _ = take(pk.carve(p, s), p.K)
	return pk
}

// newPrivateKey allocates a zero private key of p, linked to its storage.
// Its public half has no t̂1 until its first verification (t1Hat).
func newPrivateKey(p *Params) *PrivateKey {
	sk, s := newPrivateKeyBlock(p)
	sk.t0H, _ = take(sk.pub.carve(p, s), p.K)
	sk.windows = s.windows
	return sk
}
