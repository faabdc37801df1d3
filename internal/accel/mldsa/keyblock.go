package mldsa

// Key storage. A key keeps only what signing or verifying reads, sized for
// its parameter set, in one allocation: a keyBlock holds an array of
// elements that the key's slices view (Â and t̂1 as ring elements for a
// public key; t0 as 16-bit integers for a private key, t0Element), a
// private key's windows of s1 and s2 (η − s, a third of each packed table of
// pspm.go, which signing builds from them), the public-key encoding, and the
// key struct. In KiB (elements + windows + encoding, and the block the
// runtime allocates, in whole 8 KiB pages, or its size class):
//
//	            44                    65                     87
//	public      20 + 1.3 → 24         36 + 1.9 → 40          64 + 2.5 → 72
//	private     2 + 2 + 1.3 → 6       3 + 2.75 + 1.9 → 9.25  4 + 3.75 + 2.5 → 12
//
// Key generation writes the whole block and the runtime zeroes it first, on
// memory it recycles across collections rather than memory in cache: its
// size, and how many blocks of its size class share a span (one each in the
// 8 and 16 KiB classes; four, six and two in the 6, 9.25 and 12 KiB ones
// the blocks now fall in), is much of the cost of a new key
// (docs/PERFORMANCE.md). So a private key keeps neither the tables
// themselves (6, 8.25 and 11.25 KiB), which a signature builds in its work
// area in a few hundred instructions, nor t̂0 (4, 6 and 8 KiB), which the
// first signature computes from t0 into Â's allocation (t0Hat, keys.go), nor room
// for t̂1, which signing never reads: the first verification through a
// private key's public half allocates and computes it (t1Hat), nor Â (16,
// 30 and 56 KiB), which key generation and skDecode expand through a window
// in their work area: the first use that reads it (a signature, a
// verification through the public half, a batch) allocates and expands it
// (aHat), and SetSeed on a key that has them expands into Â and computes t̂0
// into its allocation again. A key's batch terms are also allocated on first
// use (batch_product.go).
//
// The elements come first, then the windows: every ring element (1 KiB),
// t0 element (512 bytes) and window (256 bytes) is a whole number of
// 64-byte lines, so both start as aligned as the block. The runtime starts
// a block above 32 KiB (a public key's of 65 and 87) on a page; a small
// object with pointers (every private key's block, a public key's of 44)
// starts after an 8-byte header, which a private key's block pads to the
// next line (privateKeyPad). Every size class from 1 KiB up is a multiple of
// 64 bytes, so its elements and windows are 64-byte aligned and no 64-byte
// load of the vector kernels straddles two cache lines, as every one did
// with the key struct (312 bytes) first: a guard rather than a gain
// (docs/PERFORMANCE.md). Â and t̂0, allocated on their own, hold no
// pointers and so have no header. The arrays hold no pointers: the garbage
// collector's walk of the block's pointer bitmap skips them.

// keyBlock is a Key (PublicKey or PrivateKey) with the arrays its slices
// view, after padding H: E is an array of nttElement (a public key) or
// t0Element (a private key), W an array of secret windows (pspm.go; empty
// for a public key) and B an array of bytes, of the lengths for one
// parameter set. Every element and window is a whole number of 64-byte
// lines (1024, 512 and 256 bytes), so the windows start where the
// elements' alignment leaves them.
type keyBlock[Key, H, E, W, B any] struct {
	_       H // room for the runtime's header (see privateKeyPad)
	elems   E
	windows W
	enc     B
	key     Key
}

// keyStorage is the storage of a key's block as slices.
type keyStorage struct {
	elems   []nttElement // a public key's
	t0      []t0Element  // a private key's
	windows []secretWindow
	enc     []byte
}

// newKeyBlock allocates a keyBlock and returns its key and the slices of its
// arrays.
func newKeyBlock[Key, H, E, W, B any](view func(*E, *W, *B) keyStorage) (*Key, keyStorage) {
	b := new(keyBlock[Key, H, E, W, B])
	return &b.key, view(&b.elems, &b.windows, &b.enc)
}

// privateKeyPad pads a private key's block, a small object with pointers,
// after the 8-byte header the runtime puts before it, to the next 64-byte
// line. Its size class (6, 9.25 or 12 KiB) is a multiple of 64 bytes, so
// its elements and windows start on lines.
type privateKeyPad [64 - 8]byte

// publicKeyElements and privateKeyElements are the numbers of elements in
// the block of a k×l key: Â and t̂1 for a public key, t0 alone for a
// private key. privateKeyWindows is the number of secret windows of a
// private key: one per polynomial of s1 and s2.
func publicKeyElements(k, l int) int  { return k*l + k }
func privateKeyElements(k, _ int) int { return k }
func privateKeyWindows(k, l int) int  { return l + k }

// newPublicKeyBlock allocates a public key of p with its storage, not yet
// linked (see newPublicKey).
func newPublicKeyBlock(p *Params) (*PublicKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PublicKey, [0]byte](func(e *[4*4 + 4]nttElement, _ *[0]secretWindow, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{elems: e[:], enc: b[:]}
		})
	case &params65:
		return newKeyBlock[PublicKey, [0]byte](func(e *[6*5 + 6]nttElement, _ *[0]secretWindow, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{elems: e[:], enc: b[:]}
		})
	case &params87:
		return newKeyBlock[PublicKey, [0]byte](func(e *[8*7 + 8]nttElement, _ *[0]secretWindow, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{elems: e[:], enc: b[:]}
		})
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// newPrivateKeyBlock is newPublicKeyBlock for a private key, whose block
// holds t0 (and neither Â nor t̂0: see aHat and t0Hat) and the windows of
// s1 and s2.
func newPrivateKeyBlock(p *Params) (*PrivateKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PrivateKey, privateKeyPad](func(e *[4]t0Element, t *[4 + 4]secretWindow, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{t0: e[:], windows: t[:], enc: b[:]}
		})
	case &params65:
		return newKeyBlock[PrivateKey, privateKeyPad](func(e *[6]t0Element, t *[5 + 6]secretWindow, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{t0: e[:], windows: t[:], enc: b[:]}
		})
	case &params87:
		return newKeyBlock[PrivateKey, privateKeyPad](func(e *[8]t0Element, t *[7 + 8]secretWindow, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{t0: e[:], windows: t[:], enc: b[:]}
		})
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// take splits the first count elements off elems.
func take(elems []nttElement, count int) (head, rest []nttElement) {
	return elems[:count:count], elems[count:]
}

// link links pk to its parameter set and encoding buffer.
func (pk *PublicKey) link(p *Params, s keyStorage) {
	pk.p = p
	pk.pk = s.enc[:p.PublicKeySize():p.PublicKeySize()]
}

// newPublicKey allocates a zero public key of p, linked to its storage: Â,
// then t̂1.
func newPublicKey(p *Params) *PublicKey {
	pk, s := newPublicKeyBlock(p)
	pk.link(p, s)
	rest := s.elems
	pk.a, rest = take(rest, p.K*p.L)
	pk.t1H, _ = take(rest, p.K)
	return pk
}

// newPrivateKey allocates a zero private key of p, linked to its storage.
// Its public half has no Â until its first use (aHat) and no t̂1 until its
// first verification (t1Hat).
func newPrivateKey(p *Params) *PrivateKey {
	sk, s := newPrivateKeyBlock(p)
	sk.pub.link(p, s)
	sk.t0 = s.t0[:p.K:p.K]
	sk.windows = s.windows
	return sk
}
