package composite

import (
	"crypto"
	"crypto/mldsa"
	"crypto/sha3"
	"errors"
	"fmt"
	"io"

	"github.com/crystals-go/crystals/signer"
)

// Errors of signing and verification; test with [errors.Is].
var (
	ErrContextLength = errors.New("composite: context longer than 255 bytes")
	ErrPreHash       = errors.New("composite: hash does not match the algorithm's pre-hash")
	ErrDigestLength  = errors.New("composite: digest length does not match the pre-hash")
	ErrVerification  = errors.New("composite: signature is invalid")
)

// Options carries the application context string of a composite signature.
// It implements [crypto.SignerOpts]; *[mldsa.Options] (its Context), nil and
// plain [crypto.Hash] values are accepted too.
type Options struct {
	// Context is the application context, at most 255 bytes; it goes into
	// M′ (the ML-DSA half is always signed with the algorithm's label as its
	// context, as the draft says).
	Context string

	// Hash zero means the input is the message. The algorithm's own pre-hash
	// ([Algorithm.PreHash]) means the input of Sign, or of Verify, is the
	// digest PH(M); any other value is refused.
	Hash crypto.Hash
}

// HashFunc returns o.Hash, implementing [crypto.SignerOpts]; 0 for nil
// options, which sign the message itself.
func (o *Options) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.Hash
}

func readOptions(opts crypto.SignerOpts) (ctx string, h crypto.Hash) {
	switch o := opts.(type) {
	case nil:
	case *Options:
		if o != nil {
			ctx, h = o.Context, o.Hash
		}
	case *mldsa.Options:
		if o != nil {
			ctx = o.Context
		}
	default:
		h = opts.HashFunc()
	}
	return ctx, h
}

// phSize is the length of PH(M).
func (a *Algorithm) phSize() int {
	if a.ph == signer.SHAKE256 {
		return 64
	}
	return a.ph.Size()
}

func (a *Algorithm) preHash(m []byte) []byte {
	if a.ph == signer.SHAKE256 {
		return sha3.SumSHAKE256(m, 64)
	}
	return digest(a.ph, m)
}

// representative builds M′ = Prefix ‖ Label ‖ len(ctx) ‖ ctx ‖ PH(M) from the
// digest.
func (a *Algorithm) representative(ctx string, ph []byte) ([]byte, error) {
	if len(ctx) > 255 {
		return nil, ErrContextLength
	}
	m := make([]byte, 0, len(Prefix)+len(a.label)+1+len(ctx)+len(ph))
	m = append(m, Prefix...)
	m = append(m, a.label...)
	m = append(m, byte(len(ctx)))
	m = append(m, ctx...)
	return append(m, ph...), nil
}

// MessageRepresentative returns the draft's M′ = Prefix ‖ Label ‖ len(ctx) ‖
// ctx ‖ PH(M) for a message, which both halves sign.
func MessageRepresentative(alg *Algorithm, message []byte, ctx string) ([]byte, error) {
	if !alg.valid() {
		return nil, ErrNoAlgorithm
	}
	return alg.representative(ctx, alg.preHash(message))
}

// digestInput checks that d is PH(M) as opts' hash h declares it.
func (a *Algorithm) digestInput(d []byte, h crypto.Hash) ([]byte, error) {
	if h != a.ph {
		return nil, fmt.Errorf("%w: %s pre-hashes with %v; a digest is taken only with that hash in opts (use SignMessage for a message)", ErrPreHash, a.name, hashName(a.ph))
	}
	if len(d) != a.phSize() {
		return nil, ErrDigestLength
	}
	return d, nil
}

func hashName(h crypto.Hash) string {
	if h == signer.SHAKE256 {
		return "SHAKE256/64"
	}
	return h.String()
}

// SignMessage signs msg: M′ is built with the context of opts (an *[Options]
// or *[mldsa.Options]), the ML-DSA half signs M′ (hedged) with the label as
// its context, and the traditional half signs M′ with its own hash. The
// signature is mldsaSig ‖ tradSig. opts.HashFunc() must be zero or the
// algorithm's pre-hash; the message is hashed here either way. rand is
// ignored: both halves draw from crypto/rand.
func (k *PrivateKey) SignMessage(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !k.valid() {
		return nil, ErrNoAlgorithm
	}
	ctx, h := readOptions(opts)
	if h != 0 && h != k.alg.ph {
		return nil, fmt.Errorf("%w: %s pre-hashes with %v", ErrPreHash, k.alg.name, hashName(k.alg.ph))
	}
	return k.sign(ctx, k.alg.preHash(msg))
}

// Sign signs a digest computed outside, as the draft's "External
// Pre-hashing" section allows: M′ depends on the message only through
// PH(M), so Sign accepts digest = PH(M) when
// opts.HashFunc() is exactly the algorithm's pre-hash ([Algorithm.PreHash])
// and gives the signature SignMessage gives for M. Any other hash, and a zero
// one, is refused with [ErrPreHash]: to sign a message, use SignMessage.
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !k.valid() {
		return nil, ErrNoAlgorithm
	}
	ctx, h := readOptions(opts)
	ph, err := k.alg.digestInput(digest, h)
	if err != nil {
		return nil, err
	}
	return k.sign(ctx, ph)
}

func (k *PrivateKey) sign(ctx string, ph []byte) ([]byte, error) {
	if !k.valid() {
		return nil, ErrNoAlgorithm
	}
	m, err := k.alg.representative(ctx, ph)
	if err != nil {
		return nil, err
	}
	pqSig, err := k.pq.SignMessage(nil, m, &signer.Options{Context: k.alg.label})
	if err != nil {
		return nil, fmt.Errorf("composite: %s: ML-DSA: %w", k.alg.name, err)
	}
	tradSig, err := k.alg.trad.sign(k.trad, m)
	if err != nil {
		return nil, fmt.Errorf("composite: %s: %s: %w", k.alg.name, k.alg.trad.name(), err)
	}
	return append(pqSig, tradSig...), nil
}

// Verify checks a composite signature mldsaSig ‖ tradSig by pk: the ML-DSA
// half with crystals' verifier (context = the label), the traditional half
// with the standard library (circl for Ed448). Both must hold. With opts'
// hash equal to the algorithm's pre-hash, message is the digest PH(M). It
// returns an error, never panics, for any input.
func Verify(pk *PublicKey, message, sig []byte, opts crypto.SignerOpts) error {
	if !pk.valid() {
		return ErrNoAlgorithm
	}
	a := pk.alg
	ctx, h := readOptions(opts)
	var ph []byte
	if h == 0 {
		ph = a.preHash(message)
	} else {
		var err error
		if ph, err = a.digestInput(message, h); err != nil {
			return err
		}
	}
	m, err := a.representative(ctx, ph)
	if err != nil {
		return err
	}
	n := a.pq.SignatureSize()
	if len(sig) <= n {
		return fmt.Errorf("%w: too short", ErrVerification)
	}
	pqErr := signer.Verify(pk.pq, m, sig[:n], &signer.Options{Context: a.label})
	tradOK := a.trad.verify(pk.trad, m, sig[n:])
	switch {
	case pqErr != nil && !tradOK:
		return fmt.Errorf("%w: both halves fail", ErrVerification)
	case pqErr != nil:
		return fmt.Errorf("%w: ML-DSA half fails", ErrVerification)
	case !tradOK:
		return fmt.Errorf("%w: %s half fails", ErrVerification, a.trad.name())
	}
	return nil
}
