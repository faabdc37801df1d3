package signer

import (
	"crypto"
	"crypto/mldsa"
	"errors"
	"fmt"
	"unsafe"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// Options selects the ML-DSA variant for signing and verifying. It
// implements [crypto.SignerOpts]. *[mldsa.Options] and other SignerOpts,
// such as a plain [crypto.Hash], are accepted too and mean what they mean to
// crypto/mldsa: a zero hash is pure ML-DSA and [crypto.MLDSAMu] external μ;
// any other hash is an error, so HashML-DSA is used only when an Options
// asks for it.
type Options struct {
	// Context is the FIPS 204 context string, at most 255 bytes.
	Context string

	// Hash zero selects pure ML-DSA. crypto.MLDSAMu means the input is a
	// 64-byte external μ. Any hash FIPS 204 allows for HashML-DSA selects
	// HashML-DSA: SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256,
	// SHA3_224, SHA3_256, SHA3_384, SHA3_512, and this package's [SHAKE128]
	// and [SHAKE256].
	Hash crypto.Hash

	// Deterministic selects deterministic signing (rnd = 0) over hedged.
	Deterministic bool
}

// HashFunc returns o.Hash, implementing [crypto.SignerOpts]; a nil o means
// pure ML-DSA, zero.
func (o *Options) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.Hash
}

// SHAKE128 and SHAKE256 stand for the two extendable-output functions
// HashML-DSA allows (with 256- and 512-bit outputs), which have no
// [crypto.Hash] value. They are meaningful only to this package: their
// Available method reports false and New panics.
const (
	SHAKE128 crypto.Hash = 1<<16 + 128
	SHAKE256 crypto.Hash = 1<<16 + 256
)

// preHashes maps every hash FIPS 204 allows to the engine's identifier.
var preHashes = map[crypto.Hash]engine.PreHash{
	crypto.SHA224:     engine.SHA2_224,
	crypto.SHA256:     engine.SHA2_256,
	crypto.SHA384:     engine.SHA2_384,
	crypto.SHA512:     engine.SHA2_512,
	crypto.SHA512_224: engine.SHA2_512_224,
	crypto.SHA512_256: engine.SHA2_512_256,
	crypto.SHA3_224:   engine.SHA3_224,
	crypto.SHA3_256:   engine.SHA3_256,
	crypto.SHA3_384:   engine.SHA3_384,
	crypto.SHA3_512:   engine.SHA3_512,
	SHAKE128:          engine.SHAKE128,
	SHAKE256:          engine.SHAKE256,
}

// variant is what a crypto.SignerOpts asks for.
type variant struct {
	context       string
	externalMu    bool
	preHash       engine.PreHash // zero for pure ML-DSA
	deterministic bool
}

func parseOptions(opts crypto.SignerOpts) (variant, error) {
	var v variant
	var h crypto.Hash
	switch o := opts.(type) {
	case nil:
	case *Options:
		if o != nil {
			v.context, h, v.deterministic = o.Context, o.Hash, o.Deterministic
		}
	case *mldsa.Options:
		if o != nil {
			v.context = o.Context
		}
	default:
		// As crypto/mldsa does: other SignerOpts (a plain crypto.Hash among
		// them) select pure ML-DSA or external μ, never HashML-DSA, which
		// only this package's Options asks for.
		h = opts.HashFunc()
		if h != 0 && h != crypto.MLDSAMu {
			return v, fmt.Errorf("signer: options of type %T with hash %v: like crypto/mldsa, only a zero hash (pure ML-DSA) or crypto.MLDSAMu is accepted there; HashML-DSA needs *signer.Options{Hash: ...}", opts, h)
		}
	}
	if len(v.context) > engine.MaxContextSize {
		return v, fmt.Errorf("signer: context is %d bytes, FIPS 204 allows at most %d", len(v.context), engine.MaxContextSize)
	}
	switch h {
	case 0:
	case crypto.MLDSAMu:
		if v.context != "" {
			return v, errors.New("signer: a context cannot be combined with external μ (μ already binds it)")
		}
		v.externalMu = true
	default:
		ph, ok := preHashes[h]
		if !ok {
			return v, fmt.Errorf("signer: hash %v is not allowed by FIPS 204 for HashML-DSA", h)
		}
		v.preHash = ph
	}
	return v, nil
}

// mu computes the message representative for input under tr. With
// hashInput, a HashML-DSA input is the message and is hashed here;
// otherwise it is the digest.
func (v *variant) mu(mu *[MuSize]byte, tr *[64]byte, input []byte, hashInput bool) error {
	if v.externalMu {
		if len(input) != MuSize {
			return fmt.Errorf("signer: external μ is %d bytes, want %d", len(input), MuSize)
		}
		copy(mu[:], input)
		return nil
	}
	m, err := v.message(input, hashInput)
	if err != nil {
		return err
	}
	m.Mu(mu, tr)
	return nil
}

// message formats M′ for input (not an external μ), hashing a HashML-DSA
// input when hashInput is set.
func (v *variant) message(input []byte, hashInput bool) (engine.Message, error) {
	ctx := stringBytes(v.context)
	if v.preHash == 0 {
		m, err := engine.NewMessage(input, ctx)
		return m, engineError(err)
	}
	d := input
	if hashInput {
		var digest [64]byte // on the heap: Digest hands it to a hash.Hash
		d = v.preHash.Digest(digest[:], input)
	} else if len(d) != v.preHash.Size() {
		return engine.Message{}, fmt.Errorf("signer: %v digest is %d bytes, want %d", v.preHash, len(d), v.preHash.Size())
	}
	m, err := engine.NewPreHashMessage(v.preHash, d, ctx)
	return m, engineError(err)
}

// stringBytes returns the bytes of s without copying, for the hash input of
// μ, which only reads them.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
