package mldsa

// Key storage. A key keeps only what signing or verifying reads, sized for
// its parameter set, in one allocation: a keyBlock holds an array of ring
// elements that the key's slices view (Â, t̂1 and, for a private key, t̂0),
// a private key's packed tables of s1 and s2 (pspm.go), the public-key
// encoding, and the key struct. In KiB (ring elements + tables + encoding,
// and the block the runtime allocates, in whole 8 KiB pages, or its 32 KiB
// size class):
//
//	            44                    65                     87
//	public      20 + 1.3 → 24         36 + 1.9 → 40          64 + 2.5 → 72
//	private     24 + 6 + 1.3 → 32     42 + 8.25 + 1.9 → 56   72 + 11.25 + 2.5 → 88
//
// A key's batch terms are a second allocation, on its first batch operation
// (batch_product.go). (The tables were a second allocation of their own,
// of 6, 9.25 and 12 KiB with the runtime's rounding; before that, a private
// key took three allocations of 96 to 144 KiB in all: every array was sized
// for ML-DSA-87, and s1, s2, t0 and t1 were kept beside their signing
// forms.)
//
// The ring elements come first, then the tables: every element (1 KiB) and
// table (768 bytes) is a whole number of 64-byte lines, so both start as
// aligned as the block. The runtime starts a block above 32 KiB (every
// key's of 65 and 87) on a page, so every element and table is 64-byte
// aligned and no 64-byte load of the vector kernels straddles two cache
// lines, as every one did with the key struct (312 bytes) first: a guard
// rather than a gain (docs/PERFORMANCE.md). The packed products read
// windows at every byte offset of a table, so its alignment matters less.
// A smaller block, an ML-DSA-44 key's, starts after the
// 8-byte header the runtime puts before small objects with pointers. The
// arrays hold no pointers: the garbage collector's walk of the block's
// pointer bitmap skips them.
//
// A private key's block has room for t̂1, but key generation leaves it
// to the first verification through the key's public half (t1Hat, keys.go):
// signing never reads it, and its K NTTs are a noticeable part of key
// generation.

// keyBlock is a Key (PublicKey or PrivateKey) with the arrays its slices
// view: E is an array of nttElement, T an array of packed tables (pspm.go;
// empty for a public key) and B an array of bytes, of the lengths for one
// parameter set. Every element and table is a whole number of 64-byte lines
// (1024 and 768 bytes), so the tables start where the elements' alignment
// leaves them.
type keyBlock[Key, E, T, B any] struct {
	elems  E
	tables T
	enc    B
	key    Key
}

// keyStorage is the storage of a key's block as slices.
type keyStorage struct {
	elems  []nttElement
	tables []packedTable
	enc    []byte
}

// newKeyBlock allocates a keyBlock and returns its key and the slices of its
// arrays.
func newKeyBlock[Key, E, T, B any](view func(*E, *T, *B) keyStorage) (*Key, keyStorage) {
	b := new(keyBlock[Key, E, T, B])
	return &b.key, view(&b.elems, &b.tables, &b.enc)
}

// publicKeyElements and privateKeyElements are the numbers of ring elements
// of a k×l key: Â and t̂1, and t̂0 besides. privateKeyTables is the number of
// packed tables of a private key: one per polynomial of s1 and s2.
func publicKeyElements(k, l int) int  { return k*l + k }
func privateKeyElements(k, l int) int { return publicKeyElements(k, l) + k }
func privateKeyTables(k, l int) int   { return l + k }

// newPublicKeyBlock allocates a public key of p with its storage, not yet
// linked (see carve).
func newPublicKeyBlock(p *Params) (*PublicKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PublicKey](func(e *[4*4 + 4]nttElement, _ *[0]packedTable, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	case &params65:
		return newKeyBlock[PublicKey](func(e *[6*5 + 6]nttElement, _ *[0]packedTable, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	case &params87:
		return newKeyBlock[PublicKey](func(e *[8*7 + 8]nttElement, _ *[0]packedTable, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{e[:], nil, b[:]}
		})
	}
	panic("mldsa: unknown parameter set " + p.Name)
}

// newPrivateKeyBlock is newPublicKeyBlock for a private key, whose block
// also holds the packed tables of s1 and s2.
func newPrivateKeyBlock(p *Params) (*PrivateKey, keyStorage) {
	switch p {
	case &params44:
		return newKeyBlock[PrivateKey](func(e *[4*4 + 2*4]nttElement, t *[4 + 4]packedTable, b *[32 + 320*4]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
	case &params65:
		return newKeyBlock[PrivateKey](func(e *[6*5 + 2*6]nttElement, t *[5 + 6]packedTable, b *[32 + 320*6]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
	case &params87:
		return newKeyBlock[PrivateKey](func(e *[8*7 + 2*8]nttElement, t *[7 + 8]packedTable, b *[32 + 320*8]byte) keyStorage {
			return keyStorage{e[:], t[:], b[:]}
		})
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
func (pk *PublicKey) carve(p *Params, s keyStorage) (rest []nttElement) {
	pk.p = p
	pk.pk = s.enc[:p.PublicKeySize():p.PublicKeySize()]
	pk.a, rest = take(s.elems, p.K*p.L)
	pk.t1H, rest = take(rest, p.K)
	return rest
}

// newPublicKey allocates a zero public key of p, linked to its storage.
func newPublicKey(p *Params) *PublicKey {
	pk, s := newPublicKeyBlock(p)
	pk.carve(p, s)
	return pk
}

// newPrivateKey allocates a zero private key of p, linked to its storage.
func newPrivateKey(p *Params) *PrivateKey {
	sk, s := newPrivateKeyBlock(p)
	rest := sk.pub.carve(p, s)
	sk.t0H, _ = take(rest, p.K)
	sk.packed = packedTables{eta: p.Eta, buf: s.tables}
	return sk
}
