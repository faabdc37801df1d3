package composite

import (
	"crypto"
	"crypto/mldsa"
	"encoding/asn1"
	"strings"

	"github.com/crystals-go/crystals/internal/hybrid"
	"github.com/crystals-go/crystals/signer"
)

// Prefix is the domain separator that opens every message representative M′:
// the ASCII string "CompositeAlgorithmSignatures2025".
const Prefix = "CompositeAlgorithmSignatures2025"

// Algorithm is one composite ML-DSA algorithm of
// draft-ietf-lamps-pq-composite-sigs-19: an ML-DSA parameter set, a
// traditional signature algorithm, a pre-hash PH and a label. The values are
// fixed; compare them by pointer. A nil or zero *Algorithm is no algorithm:
// its methods return zero results, and the functions that take one return
// [ErrNoAlgorithm].
type Algorithm struct {
	name  string
	label string
	oid   asn1.ObjectIdentifier
	pq    mldsa.Parameters
	ph    crypto.Hash
	trad  traditional
}

// Name is the algorithm's name without its "id-" prefix, such as
// "MLDSA65-ECDSA-P256-SHA512".
func (a *Algorithm) Name() string { return a.get().name }

// valid reports whether a is one of the package's algorithms.
func (a *Algorithm) valid() bool { return a != nil && a.trad != nil }

// noAlgorithm is the zero Algorithm, never modified: [Algorithm.get]'s
// answer for a nil pointer.
var noAlgorithm Algorithm

// get returns a, or the zero Algorithm for a nil pointer, so that the
// accessors read zero fields from nil and zero algorithms alike.
func (a *Algorithm) get() *Algorithm {
	if a == nil {
		return &noAlgorithm
	}
	return a
}

// String returns Name.
func (a *Algorithm) String() string { return a.Name() }

// Label is the draft's label, signed into M′ and used as the ML-DSA context.
func (a *Algorithm) Label() string { return a.get().label }

// OID returns the algorithm's object identifier (1.3.6.1.5.5.7.6.37–54); the
// AlgorithmIdentifier has absent parameters.
func (a *Algorithm) OID() asn1.ObjectIdentifier {
	return append(asn1.ObjectIdentifier(nil), a.get().oid...)
}

// MLDSA returns the ML-DSA parameter set of the post-quantum half.
func (a *Algorithm) MLDSA() mldsa.Parameters { return a.get().pq }

// PreHash returns the pre-hash PH applied to the message: crypto.SHA256,
// crypto.SHA512, or [signer.SHAKE256] for SHAKE256 with a 64-byte output.
func (a *Algorithm) PreHash() crypto.Hash { return a.get().ph }

// Traditional names the traditional half, such as "ECDSA P-256 SHA-256".
func (a *Algorithm) Traditional() string {
	if !a.valid() {
		return ""
	}
	return a.trad.name()
}

// alg builds a table entry; the label is "COMPSIG-" and the name, except for
// the brainpool algorithms, whose labels abbreviate the curve (BP256, BP384).
func alg(name string, arc int, pq mldsa.Parameters, ph crypto.Hash, t traditional) *Algorithm {
	label := strings.NewReplacer("brainpoolP256r1", "BP256", "brainpoolP384r1", "BP384").Replace("COMPSIG-" + name)
	return &Algorithm{name: name, label: label, oid: asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 6, arc}, pq: pq, ph: ph, trad: t}
}

var algorithms = []*Algorithm{
	alg("MLDSA44-RSA2048-PSS-SHA256", 37, mldsa.MLDSA44(), crypto.SHA256, rsaAlg{2048, crypto.SHA256, true}),
	alg("MLDSA44-RSA2048-PKCS15-SHA256", 38, mldsa.MLDSA44(), crypto.SHA256, rsaAlg{2048, crypto.SHA256, false}),
	alg("MLDSA44-Ed25519-SHA512", 39, mldsa.MLDSA44(), crypto.SHA512, ed25519Alg{}),
	alg("MLDSA44-ECDSA-P256-SHA256", 40, mldsa.MLDSA44(), crypto.SHA256, ecdsaAlg{hybrid.P256, crypto.SHA256}),
	alg("MLDSA65-RSA3072-PSS-SHA512", 41, mldsa.MLDSA65(), crypto.SHA512, rsaAlg{3072, crypto.SHA256, true}),
	alg("MLDSA65-RSA3072-PKCS15-SHA512", 42, mldsa.MLDSA65(), crypto.SHA512, rsaAlg{3072, crypto.SHA256, false}),
	alg("MLDSA65-RSA4096-PSS-SHA512", 43, mldsa.MLDSA65(), crypto.SHA512, rsaAlg{4096, crypto.SHA384, true}),
	alg("MLDSA65-RSA4096-PKCS15-SHA512", 44, mldsa.MLDSA65(), crypto.SHA512, rsaAlg{4096, crypto.SHA384, false}),
	alg("MLDSA65-ECDSA-P256-SHA512", 45, mldsa.MLDSA65(), crypto.SHA512, ecdsaAlg{hybrid.P256, crypto.SHA256}),
	alg("MLDSA65-ECDSA-P384-SHA512", 46, mldsa.MLDSA65(), crypto.SHA512, ecdsaAlg{hybrid.P384, crypto.SHA384}),
	alg("MLDSA65-ECDSA-brainpoolP256r1-SHA512", 47, mldsa.MLDSA65(), crypto.SHA512, bpECDSA{hybrid.BP256, crypto.SHA256}),
	alg("MLDSA65-Ed25519-SHA512", 48, mldsa.MLDSA65(), crypto.SHA512, ed25519Alg{}),
	alg("MLDSA87-ECDSA-P384-SHA512", 49, mldsa.MLDSA87(), crypto.SHA512, ecdsaAlg{hybrid.P384, crypto.SHA384}),
	alg("MLDSA87-ECDSA-brainpoolP384r1-SHA512", 50, mldsa.MLDSA87(), crypto.SHA512, bpECDSA{hybrid.BP384, crypto.SHA384}),
	alg("MLDSA87-Ed448-SHAKE256", 51, mldsa.MLDSA87(), signer.SHAKE256, ed448Alg{}),
	alg("MLDSA87-RSA3072-PSS-SHA512", 52, mldsa.MLDSA87(), crypto.SHA512, rsaAlg{3072, crypto.SHA256, true}),
	alg("MLDSA87-RSA4096-PSS-SHA512", 53, mldsa.MLDSA87(), crypto.SHA512, rsaAlg{4096, crypto.SHA384, true}),
	alg("MLDSA87-ECDSA-P521-SHA512", 54, mldsa.MLDSA87(), crypto.SHA512, ecdsaAlg{hybrid.P521, crypto.SHA512}),
}

// Algorithms returns all 18 composite algorithms in OID order.
func Algorithms() []*Algorithm { return append([]*Algorithm(nil), algorithms...) }

// AlgorithmByName returns the algorithm of a name, with or without its "id-"
// prefix, or nil.
func AlgorithmByName(name string) *Algorithm { return hybrid.ByName(algorithms, name) }

// AlgorithmByOID returns the algorithm of an object identifier, or nil.
func AlgorithmByOID(oid asn1.ObjectIdentifier) *Algorithm { return hybrid.ByOID(algorithms, oid) }
