package mlkem

import "errors"

// EncapsulationKey is an ML-KEM encapsulation key in expanded form: t̂, the
// matrix Â derived from ρ, and H(ek). Its zero value is not usable; fill it
// with [EncapsulationKey.SetBytes] or take one from a [DecapsulationKey].
//
// The NTT-domain polynomials live in storage sized for the parameter set's
// k, allocated when the key is set or given by [EncapsulationKey.SetStorage];
// the struct holds slices of it. A copy of the struct would share them, so
// keys are used by pointer.
type EncapsulationKey struct {
	p   *Params
	t   []nttElement // t̂, k entries
	a   []nttElement // Â, k² entries: a[i·k+j] = Â[i, j]
	rho [32]byte
	h   [32]byte // H(ek) = SHA3-256(ek)
}

// DecapsulationKey is an ML-KEM decapsulation key in expanded form: its
// encapsulation key, ŝ, the implicit-rejection secret z and, when the key was
// made from one, the seed d. Its zero value is not usable. Its encapsulation
// key's polynomials and ŝ share one allocation of k² + 2k NTT elements,
// unless [DecapsulationKey.SetStorage] gave it storage.
type DecapsulationKey struct {
	ek      EncapsulationKey
	s       []nttElement // ŝ, k entries
	z       [32]byte
	d       [32]byte
	hasSeed bool
}

// Polynomial storage. A key holds exactly the k + k² (encapsulation) or
// k² + 2k (decapsulation) NTT elements of its parameter set, 512 bytes
// each: 6 KiB and 7.5 KiB for ML-KEM-768, where arrays sized for k = 4 took
// 10 KiB and 12 KiB whatever the set. A key set again for the same k keeps
// its storage, so a reused key allocates nothing. Callers that make keys in
// objects of their own can hand a key its storage inside them
// (SetStorage), so that one allocation holds both; otherwise the key
// allocates it, pointer-free, when it is first set.

// Poly is one polynomial of a key's storage, an NTT-domain element of 512
// bytes: callers declare arrays of them for [EncapsulationKey.SetStorage]
// and [DecapsulationKey.SetStorage], and never look inside.
type Poly = nttElement

// SetStorage makes ek hold t̂ and Â in polys, which must have k + k²
// elements for the k of p, instead of allocating them when it is set. It
// panics if polys has another length, a programming error.
func (ek *EncapsulationKey) SetStorage(p *Params, polys []Poly) {
	if len(polys) != p.K+p.K*p.K {
		panic("mlkem: encapsulation key storage must hold k + k² polynomials")
	}
	ek.setStorage(p.K, polys)
}

// SetStorage makes dk hold its encapsulation key's t̂ and Â in ekPolys (k + k²
// elements for the k of p) and ŝ in sPolys (k elements), instead of
// allocating them when it is set. It panics if a length is wrong, a
// programming error.
func (dk *DecapsulationKey) SetStorage(p *Params, ekPolys, sPolys []Poly) {
	if len(sPolys) != p.K {
		panic("mlkem: decapsulation key storage must hold k polynomials for ŝ")
	}
	dk.ek.SetStorage(p, ekPolys)
	dk.s = sPolys[:p.K:p.K]
}

// setStorage points t̂ and Â at polys, which holds k + k² elements.
func (ek *EncapsulationKey) setStorage(k int, polys []nttElement) {
	ek.t = polys[:k:k]
	ek.a = polys[k : k+k*k : k+k*k]
}

// prepare gives ek storage for the k of p, keeping its own if that fits.
func (ek *EncapsulationKey) prepare(p *Params) {
	if len(ek.t) != p.K {
		ek.setStorage(p.K, make([]nttElement, p.K+p.K*p.K))
	}
}

// prepare gives dk, and its encapsulation key, storage for the k of p in one
// allocation, keeping its own if that fits.
func (dk *DecapsulationKey) prepare(p *Params) {
	k := p.K
	if len(dk.s) == k && len(dk.ek.t) == k {
		return
	}
	polys := make([]nttElement, k+k*k+k)
	dk.ek.setStorage(k, polys[:k+k*k])
	dk.s = polys[k+k*k:]
}

// Errors returned by the decoders and the operations that take byte strings.
// Their text carries no package prefix: the public kem package wraps them with
// the scheme's name.
var (
	ErrEncapsulationKeyLength  = errors.New("encapsulation key has the wrong length")
	ErrEncapsulationKeyModulus = errors.New("encapsulation key fails the FIPS 203 modulus check (a coefficient is not reduced modulo q)")
	ErrDecapsulationKeyLength  = errors.New("decapsulation key has the wrong length")
	ErrDecapsulationKeyHash    = errors.New("decapsulation key fails the FIPS 203 hash check (stored H(ek) does not match the embedded encapsulation key)")
	ErrDecapsulationKeyModulus = errors.New("decapsulation key embeds an encapsulation key that fails the FIPS 203 modulus check")
	ErrDecapsulationKeySecret  = errors.New("decapsulation key's secret vector ŝ has a coefficient that is not reduced modulo q (not a canonical encoding)")
	ErrSeedLength              = errors.New("seed must be 64 bytes (d‖z)")
	ErrCiphertextLength        = errors.New("ciphertext has the wrong length")
	errCiphertextBufferLength  = errors.New("mlkem: ciphertext buffer has the wrong length")
	errUninitialisedKey        = errors.New("mlkem: key is not initialised")
)

// Params returns the key's parameter set.
func (ek *EncapsulationKey) Params() *Params { return ek.p }

// Params returns the key's parameter set.
func (dk *DecapsulationKey) Params() *Params { return dk.ek.p }

// EncapsulationKey returns the encapsulation key embedded in dk. It shares
// dk's storage.
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey { return &dk.ek }

// SetBytes sets ek to the encapsulation key encoded in b, after the FIPS 203
// Section 7.2 checks: the length, and the modulus check on every coefficient.
// It expands Â, so later encapsulations skip that work. Unless ek already
// has storage for the same k, it allocates it, after the length check. On
// error ek may be left unusable.
func (ek *EncapsulationKey) SetBytes(p *Params, b []byte) error {
	if len(b) != p.EncapsulationKeySize() {
		return ErrEncapsulationKeyLength
	}
	ek.prepare(p)
	ek.p = p
	for i := range p.K {
		if err := byteDecode12Checked(&ek.t[i], b[i*encodedPolySize:]); err != nil {
			ek.p = nil
			return ErrEncapsulationKeyModulus
		}
	}
	copy(ek.rho[:], b[p.K*encodedPolySize:])
	pl := planFor()
	if pl.lanes {
		ek.h = expandAHashLanes(&pl, ek.a, &ek.rho, p.K, b)
		return nil
	}
	ek.h = hashH(&pl, b)
	expandA(&pl, ek.a, &ek.rho, p.K)
	return nil
}

// AppendBytes appends the encoding of ek, ByteEncode12(t̂)‖ρ, to b.
func (ek *EncapsulationKey) AppendBytes(b []byte) []byte {
	b, out := grow(b, ek.p.EncapsulationKeySize())
	ek.encode(out)
	return b
}

func (ek *EncapsulationKey) encode(out []byte) {
	for i := range ek.p.K {
		byteEncode12(out[i*encodedPolySize:], &ek.t[i])
	}
	copy(out[ek.p.K*encodedPolySize:], ek.rho[:])
}

// grow returns b extended by size bytes and the new tail.
func grow(b []byte, size int) ([]byte, []byte) {
	total := len(b) + size
	if cap(b) < total {
		nb := make([]byte, len(b), total)
		copy(nb, b)
		b = nb
	}
	b = b[:total]
	return b, b[total-size:]
}

// GenerateKeyInternal sets dk to the key pair ML-KEM.KeyGen_internal(d, z)
// (FIPS 203, Algorithm 16) derives. Unless dk already has storage for the
// same k, it allocates it.
func (dk *DecapsulationKey) GenerateKeyInternal(p *Params, d, z *[32]byte) {
	dk.prepare(p)
	dk.ek.p = p
	pl := planFor()
	pkeKeyGen(&pl, p, &dk.ek, dk.s, d) // line 1: (ek_PKE, dk_PKE) ← K-PKE.KeyGen(d)
	var ekBytes [encodedPolySize*maxK + 32]byte
	enc := ekBytes[:p.EncapsulationKeySize()]
	dk.ek.encode(enc)
	dk.ek.h = hashH(&pl, enc) // line 3: H(ek), kept with the key
	dk.z = *z
	dk.d = *d
	dk.hasSeed = true
}

// SetSeed sets dk to the key pair derived from the 64-byte seed d‖z.
func (dk *DecapsulationKey) SetSeed(p *Params, seed []byte) error {
	if len(seed) != SeedSize {
		return ErrSeedLength
	}
	dk.GenerateKeyInternal(p, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))
	return nil
}

// Seed returns the 64-byte seed d‖z of dk, and false if dk was imported from
// an expanded key and has no seed.
func (dk *DecapsulationKey) Seed() (seed [SeedSize]byte, ok bool) {
	if !dk.hasSeed {
		return seed, false
	}
	copy(seed[:32], dk.d[:])
	copy(seed[32:], dk.z[:])
	return seed, true
}

// SetExpanded sets dk to the expanded decapsulation key
// dk = ByteEncode12(ŝ)‖ek‖H(ek)‖z, after the FIPS 203 Section 7.3 checks: the
// length, the modulus check of the embedded ek (Section 7.2), and the hash
// check H(ek) = the stored hash; and, so that the key re-encodes to b, the
// modulus check on ŝ too. That ŝ belongs to ek is not checked here: the
// public kem package runs a pairwise consistency test for that. On error dk
// may be left unusable.
func (dk *DecapsulationKey) SetExpanded(p *Params, b []byte) error {
	if len(b) != p.DecapsulationKeySize() {
		return ErrDecapsulationKeyLength
	}
	k := p.K
	ekBytes := b[encodedPolySize*k : encodedPolySize*k+p.EncapsulationKeySize()]
	h := b[len(b)-64 : len(b)-32]
	dk.prepare(p)
	if err := dk.ek.SetBytes(p, ekBytes); err != nil {
		return ErrDecapsulationKeyModulus
	}
	if constantTimeEqual(dk.ek.h[:], h) != 1 {
		dk.ek.p = nil
		return ErrDecapsulationKeyHash
	}
	// The checked decoder is branch-free at the SIMD levels; the portable one
	// stops early only on a bad coefficient, that is, for a rejected key.
	for i := range k {
		if err := byteDecode12Checked(&dk.s[i], b[i*encodedPolySize:]); err != nil {
			dk.ek.p = nil
			return ErrDecapsulationKeySecret
		}
	}
	copy(dk.z[:], b[len(b)-32:])
	clear(dk.d[:])
	dk.hasSeed = false
	return nil
}

// AppendExpanded appends the expanded decapsulation key
// ByteEncode12(ŝ)‖ek‖H(ek)‖z (FIPS 203, Algorithm 16) to b.
func (dk *DecapsulationKey) AppendExpanded(b []byte) []byte {
	p := dk.ek.p
	b, out := grow(b, p.DecapsulationKeySize())
	for i := range p.K {
		byteEncode12(out[i*encodedPolySize:], &dk.s[i])
	}
	out = out[p.K*encodedPolySize:]
	dk.ek.encode(out)
	out = out[p.EncapsulationKeySize():]
	copy(out, dk.ek.h[:])
	copy(out[32:], dk.z[:])
	return b
}

// EncapsulateInternal is ML-KEM.Encaps_internal(ek, m) (FIPS 203, Algorithm
// 17): it writes the ciphertext to c, which must be p.CiphertextSize() bytes,
// and the shared key to sharedKey. m must be fresh randomness except in
// known-answer tests.
func (ek *EncapsulationKey) EncapsulateInternal(sharedKey *[SharedKeySize]byte, c []byte, m *[MessageSize]byte) error {
	if ek.p == nil {
		return errUninitialisedKey
	}
	if len(c) != ek.p.CiphertextSize() {
		return errCiphertextBufferLength
	}
	var gIn [64]byte
	copy(gIn[:32], m[:])
	copy(gIn[32:], ek.h[:])
	pl := planFor()
	g := hashG(&pl, gIn[:])                              // line 1: (K, r) ← G(m‖H(ek))
	pkeEncrypt(&pl, ek.p, ek, c, m, (*[32]byte)(g[32:])) // line 2: c ← K-PKE.Encrypt(ek, m, r)
	copy(sharedKey[:], g[:32])
	clear(g[:])
	clear(gIn[:])
	return nil
}

// Decapsulate is ML-KEM.Decaps_internal(dk, c) (FIPS 203, Algorithm 18) after
// the ciphertext length check of Section 7.3. A well-formed but wrong
// ciphertext gets implicit rejection: the shared key J(z‖c), chosen in constant
// time, and no error.
func (dk *DecapsulationKey) Decapsulate(sharedKey *[SharedKeySize]byte, c []byte) error {
	p := dk.ek.p
	if p == nil {
		return errUninitialisedKey
	}
	if len(c) != p.CiphertextSize() {
		return ErrCiphertextLength
	}
	// The scratch is sized for the set, as in pkeEncrypt: 2k+1 polynomials
	// and the re-encrypted ciphertext.
	switch p.K {
	case 2:
		var noise [2*2 + 1]ringElement
		var reenc [32 * (10*2 + 4)]byte
		dk.decapsulate(sharedKey, c, noise[:], reenc[:])
	case 3:
		var noise [2*3 + 1]ringElement
		var reenc [32 * (10*3 + 4)]byte
		dk.decapsulate(sharedKey, c, noise[:], reenc[:])
	default:
		var noise [2*maxK + 1]ringElement
		var reenc [maxCiphertextLen]byte
		dk.decapsulate(sharedKey, c, noise[:], reenc[:])
	}
	return nil
}

// decapsulate is Decapsulate of the ciphertext c, of the right length, with
// noise (2k+1 polynomials) and reenc (len(c) bytes) as its scratch.
func (dk *DecapsulationKey) decapsulate(sharedKey *[SharedKeySize]byte, c []byte, noise []ringElement, reenc []byte) {
	p := dk.ek.p
	// The decryption's u' is public and dead before the noise is sampled:
	// it takes the noise's first k entries.
	m := pkeDecrypt(p, dk.s, c, noise[:p.K]) // line 5: m′ ← K-PKE.Decrypt(dk_PKE, c)
	var g [64]byte
	var kBar [32]byte
	pl := planFor()
	if pl.lanes {
		// Lines 6–8 with their Keccak work sharing the lanes.
		decapsulateKeccakLanes(p, dk, c, &m, &kBar, &g, noise)
		pkeEncryptNoise(p, &dk.ek, reenc, &m, noise, nil)
	} else {
		var gIn [64]byte
		copy(gIn[:32], m[:])
		copy(gIn[32:], dk.ek.h[:])
		g = hashG(&pl, gIn[:]) // line 6: (K′, r′) ← G(m′‖h)
		clear(gIn[:])
		kBar = rejectionKey(&pl, &dk.z, c)                                    // line 7: K̄ ← J(z‖c)
		pkeEncryptWith(&pl, p, &dk.ek, reenc, &m, (*[32]byte)(g[32:]), noise) // line 8: c′
	}
	equal := constantTimeEqual(c, reenc)                     // line 9: c ≠ c′?
	constantTimeSelect(sharedKey[:], g[:32], kBar[:], equal) // lines 9–10: K′ or K̄
	clear(m[:])
	clear(g[:])
	clear(kBar[:])
}
