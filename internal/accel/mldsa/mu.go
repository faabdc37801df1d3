package mldsa

import (
	"crypto"
	_ "crypto/sha256" // registers SHA-224/256 for crypto.Hash.New
	_ "crypto/sha3"   // registers SHA3-*
	_ "crypto/sha512" // registers SHA-384/512/512_224/512_256
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// MaxContextSize is the longest context string FIPS 204 allows.
const MaxContextSize = 255

// ErrContextTooLong reports a context string over MaxContextSize bytes.
var ErrContextTooLong = errors.New("mldsa: context longer than 255 bytes")

// Message is the formatted message M′ of ML-DSA.Sign or HashML-DSA.Sign
// (FIPS 204, Algorithms 2 and 4) in parts, for μ = H(tr‖M′, 64) once tr is
// known. It refers to the caller's slices.
type Message struct {
	prefix         [2]byte // 0 or 1 (pure or pre-hash), then |ctx|
	ctx, oid, body []byte
}

// NewMessage formats M′ = 0‖|ctx|‖ctx‖M for pure ML-DSA (Algorithm 2 line
// 10 and Algorithm 3 line 5, FIPS 204).
func NewMessage(msg, ctx []byte) (Message, error) {
	if len(ctx) > MaxContextSize {
		return Message{}, ErrContextTooLong
	}
	return Message{prefix: [2]byte{0, byte(len(ctx))}, ctx: ctx, body: msg}, nil
}

// NewPreHashMessage formats M′ = 1‖|ctx|‖ctx‖OID‖PH(M) for HashML-DSA
// (Algorithm 4 lines 10–22, FIPS 204), given the digest PH(M).
func NewPreHashMessage(ph PreHash, digest, ctx []byte) (Message, error) {
	if len(ctx) > MaxContextSize {
		return Message{}, ErrContextTooLong
	}
	if !ph.Valid() {
		return Message{}, errors.New("mldsa: hash function not allowed for HashML-DSA")
	}
	if len(digest) != ph.Size() {
		return Message{}, errors.New("mldsa: digest length does not match " + ph.String())
	}
	return Message{prefix: [2]byte{1, byte(len(ctx))}, ctx: ctx, oid: ph.oid(), body: digest}, nil
}

// Mu writes μ = H(tr‖M′, 64) (Algorithm 7 line 6 and Algorithm 8 line 7,
// FIPS 204).
func (m *Message) Mu(mu *[MuSize]byte, tr *[64]byte) {
	hashParts(mu[:], tr[:], m.prefix[:], m.ctx, m.oid, m.body)
}

// PreHash names a hash function HashML-DSA allows (FIPS 204, Section 5.4).
type PreHash uint8

// The pre-hash functions of FIPS 204, Section 5.4.1.
const (
	SHA2_224 PreHash = iota + 1
	SHA2_256
	SHA2_384
	SHA2_512
	SHA2_512_224
	SHA2_512_256
	SHA3_224
	SHA3_256
	SHA3_384
	SHA3_512
	SHAKE128 // 256-bit output
	SHAKE256 // 512-bit output
	preHashEnd
)

type preHashInfo struct {
	name   string
	size   int
	oidEnd byte        // last arc of 2.16.840.1.101.3.4.2.x
	hash   crypto.Hash // zero for the SHAKEs
}

var preHashes = [preHashEnd]preHashInfo{
	SHA2_224:     {"SHA2-224", 28, 4, crypto.SHA224},
	SHA2_256:     {"SHA2-256", 32, 1, crypto.SHA256},
	SHA2_384:     {"SHA2-384", 48, 2, crypto.SHA384},
	SHA2_512:     {"SHA2-512", 64, 3, crypto.SHA512},
	SHA2_512_224: {"SHA2-512/224", 28, 5, crypto.SHA512_224},
	SHA2_512_256: {"SHA2-512/256", 32, 6, crypto.SHA512_256},
	SHA3_224:     {"SHA3-224", 28, 7, crypto.SHA3_224},
	SHA3_256:     {"SHA3-256", 32, 8, crypto.SHA3_256},
	SHA3_384:     {"SHA3-384", 48, 9, crypto.SHA3_384},
	SHA3_512:     {"SHA3-512", 64, 10, crypto.SHA3_512},
	SHAKE128:     {"SHAKE-128", 32, 11, 0},
	SHAKE256:     {"SHAKE-256", 64, 12, 0},
}

// preHashOIDs holds the DER encoding (tag, length, value) of each function's
// OID, 2.16.840.1.101.3.4.2.x.
var preHashOIDs = func() (o [preHashEnd][11]byte) {
	for h := SHA2_224; h < preHashEnd; h++ {
		o[h] = [11]byte{0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, preHashes[h].oidEnd}
	}
	return
}()

// Valid reports whether h is one of the allowed functions.
func (h PreHash) Valid() bool { return h > 0 && h < preHashEnd }

// String returns the ACVP name of h ("SHA2-256", "SHAKE-128", ...).
func (h PreHash) String() string {
	if !h.Valid() {
		return "invalid pre-hash"
	}
	return preHashes[h].name
}

// Size returns the digest length HashML-DSA uses for h.
func (h PreHash) Size() int { return preHashes[h].size }

func (h PreHash) oid() []byte { return preHashOIDs[h][:] }

// Digest writes PH(msg) to out, which must be h.Size() bytes long, and
// returns it.
func (h PreHash) Digest(out, msg []byte) []byte {
	out = out[:h.Size()]
	switch h {
	case SHAKE128, SHAKE256:
		var x keccak.Shake
		if h == SHAKE128 {
			x.Init128()
		} else {
			x.Init256()
		}
		x.Absorb(msg)
		x.Squeeze(out)
		return out
	}
	d := preHashes[h].hash.New()
	d.Write(msg)
	return d.Sum(out[:0])
}
