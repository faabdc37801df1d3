package composite

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"errors"
	"fmt"

	"github.com/cloudflare/circl/dh/x448"

	"github.com/crystals-go/crystals/internal/brainpool"
	"github.com/crystals-go/crystals/internal/hybrid"
)

// tradPrivate is a traditional private key with its two encodings.
type tradPrivate struct {
	sk, pk []byte
	key    any // *rsa.PrivateKey, *ecdh.PrivateKey, *brainpool.PrivateKey or x448.Key
}

// tradPublic is a traditional public key with its encoding.
type tradPublic struct {
	pk  []byte
	key any // *rsa.PublicKey, *ecdh.PublicKey, *brainpool.PublicKey or x448.Key
}

// traditional is the classical half of a composite KEM.
type traditional interface {
	name() string
	generate() (*tradPrivate, error)
	parsePrivate(sk []byte) (*tradPrivate, error)
	parsePublic(pk []byte) (*tradPublic, error)
	// randSize is the length of the randomness encapsulate takes, and
	// freshRandom draws it.
	randSize() int
	freshRandom() ([]byte, error)
	ctSize() int
	encapsulate(pub *tradPublic, random []byte) (ss, ct []byte, err error)
	decapsulate(priv *tradPrivate, ct []byte) ([]byte, error)
}

// ErrTraditional reports a failed traditional decapsulation (an OAEP
// ciphertext that does not decrypt, an invalid or low-order point).
var ErrTraditional = errors.New("kem/composite: traditional decapsulation failed")

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// rsaOAEP is RSAES-OAEP with SHA-256, MGF1-SHA-256 and an empty label,
// carrying a random 32-byte secret.
type rsaOAEP struct{ bits int }

func (r rsaOAEP) name() string               { return fmt.Sprintf("RSA-OAEP %d", r.bits) }
func (rsaOAEP) randSize() int                { return 64 }
func (rsaOAEP) freshRandom() ([]byte, error) { return randomBytes(64), nil }
func (r rsaOAEP) ctSize() int                { return r.bits / 8 }

func (r rsaOAEP) private(k *rsa.PrivateKey) *tradPrivate {
	return &tradPrivate{sk: x509.MarshalPKCS1PrivateKey(k), pk: x509.MarshalPKCS1PublicKey(&k.PublicKey), key: k}
}

func (r rsaOAEP) generate() (*tradPrivate, error) {
	k, err := rsa.GenerateKey(rand.Reader, r.bits)
	if err != nil {
		return nil, err
	}
	return r.private(k), nil
}

func (r rsaOAEP) parsePrivate(sk []byte) (*tradPrivate, error) {
	k, err := hybrid.ParseRSAPrivateKey(sk, r.bits)
	if err != nil {
		return nil, err
	}
	return r.private(k), nil
}

func (r rsaOAEP) parsePublic(pk []byte) (*tradPublic, error) {
	k, err := hybrid.ParseRSAPublicKey(pk, r.bits)
	if err != nil {
		return nil, err
	}
	return &tradPublic{pk: x509.MarshalPKCS1PublicKey(k), key: k}, nil
}

func (r rsaOAEP) encapsulate(pub *tradPublic, random []byte) ([]byte, []byte, error) {
	ss := bytes.Clone(random[:32])
	ct, err := rsa.EncryptOAEP(sha256.New(), bytes.NewReader(random[32:]), pub.key.(*rsa.PublicKey), ss, nil)
	return ss, ct, err
}

func (r rsaOAEP) decapsulate(priv *tradPrivate, ct []byte) ([]byte, error) {
	ss, err := rsa.DecryptOAEP(sha256.New(), nil, priv.key.(*rsa.PrivateKey), ct, nil)
	if err != nil || len(ss) != 32 {
		return nil, ErrTraditional
	}
	return ss, nil
}

// ecdhKEM is ECDH as a KEM over a crypto/ecdh curve: the ciphertext is the
// ephemeral public key and the secret the raw ECDH output (the X coordinate
// on NIST curves).
type ecdhKEM struct {
	curve      ecdh.Curve
	scalarSize int
	pointSize  int
}

func (e ecdhKEM) randSize() int { return e.scalarSize }
func (e ecdhKEM) ctSize() int   { return e.pointSize }

func (e ecdhKEM) freshRandom() ([]byte, error) {
	k, err := e.curve.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return k.Bytes(), nil
}

func (e ecdhKEM) parsePublic(pk []byte) (*tradPublic, error) {
	k, err := e.curve.NewPublicKey(pk)
	if err != nil {
		return nil, err
	}
	return &tradPublic{pk: k.Bytes(), key: k}, nil
}

func (e ecdhKEM) encapsulate(pub *tradPublic, random []byte) ([]byte, []byte, error) {
	eph, err := e.curve.NewPrivateKey(random)
	if err != nil {
		return nil, nil, err
	}
	ss, err := eph.ECDH(pub.key.(*ecdh.PublicKey))
	if err != nil {
		return nil, nil, err
	}
	return ss, eph.PublicKey().Bytes(), nil
}

func (e ecdhKEM) decapsulate(priv *tradPrivate, ct []byte) ([]byte, error) {
	peer, err := e.curve.NewPublicKey(ct)
	if err != nil {
		return nil, ErrTraditional
	}
	ss, err := priv.key.(*ecdh.PrivateKey).ECDH(peer)
	if err != nil {
		return nil, ErrTraditional
	}
	return ss, nil
}

// ecdhNIST is ECDH on a NIST curve; the private key is an ECPrivateKey.
type ecdhNIST struct {
	ecdhKEM
	c *hybrid.Curve
}

func nist(c *hybrid.Curve) ecdhNIST { return ecdhNIST{ecdhKEM{c.ECDH, c.ScalarSize, c.PointSize}, c} }

func (n ecdhNIST) name() string { return "ECDH " + n.c.Name }

func (n ecdhNIST) private(k *ecdh.PrivateKey) *tradPrivate {
	return &tradPrivate{sk: hybrid.MarshalECPrivateKey(n.c, k.Bytes()), pk: k.PublicKey().Bytes(), key: k}
}

func (n ecdhNIST) generate() (*tradPrivate, error) {
	k, err := n.c.ECDH.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return n.private(k), nil
}

func (n ecdhNIST) parsePrivate(sk []byte) (*tradPrivate, error) {
	scalar, err := hybrid.ParseECPrivateKey(n.c, sk)
	if err != nil {
		return nil, err
	}
	k, err := n.c.ECDH.NewPrivateKey(scalar)
	if err != nil {
		return nil, err
	}
	return n.private(k), nil
}

// x25519 is X25519 with raw 32-byte keys.
type x25519 struct{ ecdhKEM }

func (x25519) name() string { return "X25519" }

func (x25519) private(k *ecdh.PrivateKey) *tradPrivate {
	return &tradPrivate{sk: k.Bytes(), pk: k.PublicKey().Bytes(), key: k}
}

func (x x25519) generate() (*tradPrivate, error) {
	k, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return x.private(k), nil
}

func (x x25519) parsePrivate(sk []byte) (*tradPrivate, error) {
	k, err := ecdh.X25519().NewPrivateKey(sk)
	if err != nil {
		return nil, err
	}
	return x.private(k), nil
}

// x448KEM is X448 (circl) with raw 56-byte keys.
type x448KEM struct{}

var errX448Key = errors.New("X448 key must be 56 bytes")

func (x448KEM) name() string                 { return "X448" }
func (x448KEM) randSize() int                { return x448.Size }
func (x448KEM) ctSize() int                  { return x448.Size }
func (x448KEM) freshRandom() ([]byte, error) { return randomBytes(x448.Size), nil }

func (x448KEM) private(sk []byte) *tradPrivate {
	var s, p x448.Key
	copy(s[:], sk)
	x448.KeyGen(&p, &s)
	return &tradPrivate{sk: bytes.Clone(sk), pk: bytes.Clone(p[:]), key: s}
}

func (x x448KEM) generate() (*tradPrivate, error) { return x.private(randomBytes(x448.Size)), nil }

func (x x448KEM) parsePrivate(sk []byte) (*tradPrivate, error) {
	if len(sk) != x448.Size {
		return nil, errX448Key
	}
	return x.private(sk), nil
}

func (x448KEM) parsePublic(pk []byte) (*tradPublic, error) {
	if len(pk) != x448.Size {
		return nil, errX448Key
	}
	var p x448.Key
	copy(p[:], pk)
	return &tradPublic{pk: bytes.Clone(pk), key: p}, nil
}

func shared448(s, p x448.Key) ([]byte, error) {
	var ss x448.Key
	if !x448.Shared(&ss, &s, &p) {
		return nil, ErrTraditional
	}
	return ss[:], nil
}

func (x x448KEM) encapsulate(pub *tradPublic, random []byte) ([]byte, []byte, error) {
	eph := x.private(random)
	ss, err := shared448(eph.key.(x448.Key), pub.key.(x448.Key))
	return ss, eph.pk, err
}

func (x448KEM) decapsulate(priv *tradPrivate, ct []byte) ([]byte, error) {
	var p x448.Key
	copy(p[:], ct)
	return shared448(priv.key.(x448.Key), p)
}

// bpECDH is ECDH on a brainpool curve (internal/brainpool), laid out like
// ecdhNIST: ECPrivateKey private keys, uncompressed points, the X coordinate
// as the secret.
type bpECDH struct{ c *hybrid.Curve }

func (b bpECDH) name() string  { return "ECDH " + b.c.Name }
func (b bpECDH) randSize() int { return b.c.ScalarSize }
func (b bpECDH) ctSize() int   { return b.c.PointSize }

func (b bpECDH) freshRandom() ([]byte, error) { return b.c.Brainpool.RandomScalar(), nil }

func (b bpECDH) private(k *brainpool.PrivateKey) *tradPrivate {
	return &tradPrivate{sk: hybrid.MarshalECPrivateKey(b.c, k.Bytes()), pk: k.PublicKey().Bytes(), key: k}
}

func (b bpECDH) generate() (*tradPrivate, error) {
	k, err := b.c.Brainpool.GenerateKey()
	if err != nil {
		return nil, err
	}
	return b.private(k), nil
}

func (b bpECDH) parsePrivate(sk []byte) (*tradPrivate, error) {
	scalar, err := hybrid.ParseECPrivateKey(b.c, sk)
	if err != nil {
		return nil, err
	}
	k, err := b.c.Brainpool.NewPrivateKey(scalar)
	if err != nil {
		return nil, err
	}
	return b.private(k), nil
}

func (b bpECDH) parsePublic(pk []byte) (*tradPublic, error) {
	k, err := b.c.Brainpool.NewPublicKey(pk)
	if err != nil {
		return nil, err
	}
	return &tradPublic{pk: k.Bytes(), key: k}, nil
}

func (b bpECDH) encapsulate(pub *tradPublic, random []byte) ([]byte, []byte, error) {
	eph, err := b.c.Brainpool.NewPrivateKey(random)
	if err != nil {
		return nil, nil, err
	}
	ss, err := eph.ECDH(pub.key.(*brainpool.PublicKey))
	if err != nil {
		return nil, nil, err
	}
	return ss, eph.PublicKey().Bytes(), nil
}

func (b bpECDH) decapsulate(priv *tradPrivate, ct []byte) ([]byte, error) {
	peer, err := b.c.Brainpool.NewPublicKey(ct)
	if err != nil {
		return nil, ErrTraditional
	}
	ss, err := priv.key.(*brainpool.PrivateKey).ECDH(peer)
	if err != nil {
		return nil, ErrTraditional
	}
	return ss, nil
}
