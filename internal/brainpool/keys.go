package brainpool

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/sha3"
	"crypto/subtle"
	"errors"
	"io"
	"math/big"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// ErrScalar reports a private scalar that is zero or not below the order.
var ErrScalar = errors.New("brainpool: invalid private scalar")

var _ crypto.Signer = (*PrivateKey)(nil)

// PublicKey is a point on a brainpool curve.
type PublicKey struct {
	c   *Curve
	q   point
	raw []byte
}

// NewPublicKey parses an uncompressed point 04‖X‖Y and checks it is on c.
func (c *Curve) NewPublicKey(b []byte) (*PublicKey, error) {
	q, err := c.decode(b)
	if err != nil {
		return nil, err
	}
	return &PublicKey{c: c, q: q, raw: bytes.Clone(b)}, nil
}

// Curve returns the key's curve.
func (k *PublicKey) Curve() *Curve { return k.c }

// Bytes returns the uncompressed point.
func (k *PublicKey) Bytes() []byte { return bytes.Clone(k.raw) }

// Equal reports whether x is the same point on the same curve.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && o.c == k.c && bytes.Equal(o.raw, k.raw)
}

// PrivateKey is a scalar d in [1, n−1] with its public point. It implements
// [crypto.Signer] (ECDSA over a digest, DER signatures).
type PrivateKey struct {
	c   *Curve
	d   []byte
	pub *PublicKey
}

// NewPrivateKey checks a big-endian scalar of ScalarSize bytes, in constant
// time, and derives its public key.
func (c *Curve) NewPrivateKey(d []byte) (*PrivateKey, error) {
	if len(d) != c.n.bytes {
		return nil, ErrScalar
	}
	s, ok := c.n.fromBytes(d)
	if ok&(1^c.n.isZero(&s)) != 1 {
		return nil, ErrScalar
	}
	q := c.scalarMult(&c.g, d)
	raw, err := c.encode(&q)
	if err != nil {
		return nil, err
	}
	pub, err := c.NewPublicKey(raw)
	if err != nil {
		return nil, err
	}
	return &PrivateKey{c: c, d: bytes.Clone(d), pub: pub}, nil
}

// randomScalar returns a uniform scalar in [1, n−1] by rejection.
func (c *Curve) randomScalar() []byte {
	b := make([]byte, c.n.bytes)
	for {
		rand.Read(b)
		s, ok := c.n.fromBytes(b)
		if ok&(1^c.n.isZero(&s)) == 1 {
			return b
		}
	}
}

// GenerateKey returns a new random key.
func (c *Curve) GenerateKey() (*PrivateKey, error) { return c.NewPrivateKey(c.randomScalar()) }

// RandomScalar returns the encoding of a uniform valid private scalar.
func (c *Curve) RandomScalar() []byte { return c.randomScalar() }

// Bytes returns the scalar, big-endian, ScalarSize bytes.
func (k *PrivateKey) Bytes() []byte { return bytes.Clone(k.d) }

// Curve returns the key's curve.
func (k *PrivateKey) Curve() *Curve { return k.c }

// Public returns the *PublicKey.
func (k *PrivateKey) Public() crypto.PublicKey { return k.pub }

// PublicKey returns the public key.
func (k *PrivateKey) PublicKey() *PublicKey { return k.pub }

// Equal reports whether x is the same scalar on the same curve.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	return ok && o.c == k.c && subtle.ConstantTimeCompare(o.d, k.d) == 1
}

// hashToScalar is ECDSA's e: the leftmost bits of the digest, up to the
// order's length, reduced mod n (both orders are whole bytes long).
func (c *Curve) hashToScalar(digest []byte) fe {
	if len(digest) > c.n.bytes {
		digest = digest[:c.n.bytes]
	}
	e, _ := c.n.fromBytes(leftPad(digest, c.n.bytes))
	return e
}

// Sign returns an ECDSA signature (DER Ecdsa-Sig-Value) of digest. The nonce
// is hedged: the first valid scalar of SHAKE256(d ‖ digest ‖ 32 fresh random
// bytes), so a weak random source alone does not expose d. rand and opts are
// ignored (crypto/rand is used).
func (k *PrivateKey) Sign(_ io.Reader, digest []byte, _ crypto.SignerOpts) ([]byte, error) {
	c, n := k.c, k.c.n
	e := c.hashToScalar(digest)
	d, _ := n.fromBytes(k.d)
	var fresh [32]byte
	rand.Read(fresh[:])
	nonces := sha3.NewSHAKE256()
	nonces.Write(k.d)
	nonces.Write(digest)
	nonces.Write(fresh[:])
	kb := make([]byte, n.bytes)
	defer clear(kb)
	for {
		nonces.Read(kb)
		if kk, ok := n.fromBytes(kb); ok&(1^n.isZero(&kk)) != 1 {
			continue
		}
		R := c.scalarMult(&c.g, kb)
		x, _, err := c.affine(&R)
		if err != nil {
			continue
		}
		r, _ := n.fromBytes(x) // x < p < 2n: reduced mod n
		if n.isZero(&r) == 1 {
			continue
		}
		kk, _ := n.fromBytes(kb)
		var ki, s fe
		n.inv(&ki, &kk)
		n.mul(&s, &r, &d)
		n.add(&s, &s, &e)
		n.mul(&s, &s, &ki)
		if n.isZero(&s) == 1 {
			continue
		}
		var b cryptobyte.Builder
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1BigInt(new(big.Int).SetBytes(n.bytesOf(&r)))
			b.AddASN1BigInt(new(big.Int).SetBytes(n.bytesOf(&s)))
		})
		return b.Bytes()
	}
}

// VerifyASN1 checks a DER ECDSA signature of digest by pub.
func VerifyASN1(pub *PublicKey, digest, sig []byte) bool {
	c, n := pub.c, pub.c.n
	in := cryptobyte.String(sig)
	var seq cryptobyte.String
	rb, sb := new(big.Int), new(big.Int)
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) || !in.Empty() ||
		!seq.ReadASN1Integer(rb) || !seq.ReadASN1Integer(sb) || !seq.Empty() {
		return false
	}
	if rb.Sign() <= 0 || sb.Sign() <= 0 || rb.BitLen() > 8*n.bytes || sb.BitLen() > 8*n.bytes {
		return false
	}
	r, okr := n.fromBytes(rb.FillBytes(make([]byte, n.bytes)))
	s, oks := n.fromBytes(sb.FillBytes(make([]byte, n.bytes)))
	if okr&oks != 1 {
		return false
	}
	e := c.hashToScalar(digest)
	var w, u1, u2 fe
	n.inv(&w, &s)
	n.mul(&u1, &e, &w)
	n.mul(&u2, &r, &w)
	p1 := c.scalarMult(&c.g, n.bytesOf(&u1))
	p2 := c.scalarMult(&pub.q, n.bytesOf(&u2))
	var sum point
	c.add(&sum, &p1, &p2)
	x, _, err := c.affine(&sum)
	if err != nil {
		return false
	}
	xr, _ := n.fromBytes(x)
	return bytes.Equal(n.bytesOf(&xr), n.bytesOf(&r))
}

// ECDH returns the X coordinate of d·peer (SP 800-56A's Z), or ErrPoint if
// that is the identity.
func (k *PrivateKey) ECDH(peer *PublicKey) ([]byte, error) {
	if peer.c != k.c {
		return nil, ErrPoint
	}
	s := k.c.scalarMult(&peer.q, k.d)
	x, _, err := k.c.affine(&s)
	return x, err
}
