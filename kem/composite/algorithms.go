package composite

import (
	"crypto/ecdh"
	"encoding/asn1"

	"github.com/crystals-go/crystals/internal/hybrid"
	"github.com/crystals-go/crystals/kem"
)

// Algorithm is one composite ML-KEM algorithm of
// draft-ietf-lamps-pq-composite-kem-17: an ML-KEM parameter set, a
// traditional KEM and a label for the SHA3-256 combiner. The values are
// fixed; compare them by pointer. A nil or zero *Algorithm is no algorithm:
// its methods return zero results, and the functions that take one return
// [ErrNoAlgorithm].
type Algorithm struct {
	name  string
	label string
	oid   asn1.ObjectIdentifier
	pq    kem.Scheme
	trad  traditional
}

// Name is the algorithm's name without its "id-" prefix, such as
// "MLKEM768-ECDH-P256-SHA3-256".
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

// Label is the combiner's label (raw bytes, such as "MLKEM768-P256").
func (a *Algorithm) Label() string { return a.get().label }

// OID returns the algorithm's object identifier (1.3.6.1.5.5.7.6.55–66); the
// AlgorithmIdentifier has absent parameters.
func (a *Algorithm) OID() asn1.ObjectIdentifier {
	return append(asn1.ObjectIdentifier(nil), a.get().oid...)
}

// MLKEM returns the ML-KEM scheme of the post-quantum half.
func (a *Algorithm) MLKEM() kem.Scheme { return a.get().pq }

// Traditional names the traditional half, such as "ECDH P-256".
func (a *Algorithm) Traditional() string {
	if !a.valid() {
		return ""
	}
	return a.trad.name()
}

// EncapsulationSeedSize is the length of the randomness
// [EncapsulationKey.EncapsulateDeterministicForTesting] takes: the 32-byte
// ML-KEM message m, then the traditional half's randomness (RSA-OAEP: the
// 32-byte secret and the 32-byte OAEP seed; ECDH, X25519, X448: the
// ephemeral private key).
func (a *Algorithm) EncapsulationSeedSize() int {
	if !a.valid() {
		return 0
	}
	return kem.MessageSize + a.trad.randSize()
}

// CiphertextSize is the length of a ciphertext mlkemCT ‖ tradCT.
func (a *Algorithm) CiphertextSize() int {
	if !a.valid() {
		return 0
	}
	return a.pq.CiphertextSize() + a.trad.ctSize()
}

func alg(name, label string, arc int, pq kem.Scheme, t traditional) *Algorithm {
	return &Algorithm{name: name, label: label, oid: asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 6, arc}, pq: pq, trad: t}
}

// xwingLabel is the X-Wing combiner label \./ /^\ (hex 5c2e2f2f5e5c).
const xwingLabel = "\\./" + "/^\\"

var algorithms = []*Algorithm{
	alg("MLKEM768-RSA2048-SHA3-256", "MLKEM768-RSAOAEP2048", 55, kem.MLKEM768(), rsaOAEP{2048}),
	alg("MLKEM768-RSA3072-SHA3-256", "MLKEM768-RSAOAEP3072", 56, kem.MLKEM768(), rsaOAEP{3072}),
	alg("MLKEM768-RSA4096-SHA3-256", "MLKEM768-RSAOAEP4096", 57, kem.MLKEM768(), rsaOAEP{4096}),
	alg("MLKEM768-X25519-SHA3-256", xwingLabel, 58, kem.MLKEM768(), x25519{ecdhKEM{ecdh.X25519(), 32, 32}}),
	alg("MLKEM768-ECDH-P256-SHA3-256", "MLKEM768-P256", 59, kem.MLKEM768(), nist(hybrid.P256)),
	alg("MLKEM768-ECDH-P384-SHA3-256", "MLKEM768-P384", 60, kem.MLKEM768(), nist(hybrid.P384)),
	alg("MLKEM768-ECDH-brainpoolP256r1-SHA3-256", "MLKEM768-BP256", 61, kem.MLKEM768(), bpECDH{hybrid.BP256}),
	alg("MLKEM1024-RSA3072-SHA3-256", "MLKEM1024-RSAOAEP3072", 62, kem.MLKEM1024(), rsaOAEP{3072}),
	alg("MLKEM1024-ECDH-P384-SHA3-256", "MLKEM1024-P384", 63, kem.MLKEM1024(), nist(hybrid.P384)),
	alg("MLKEM1024-ECDH-brainpoolP384r1-SHA3-256", "MLKEM1024-BP384", 64, kem.MLKEM1024(), bpECDH{hybrid.BP384}),
	alg("MLKEM1024-X448-SHA3-256", "MLKEM1024-X448", 65, kem.MLKEM1024(), x448KEM{}),
	alg("MLKEM1024-ECDH-P521-SHA3-256", "MLKEM1024-P521", 66, kem.MLKEM1024(), nist(hybrid.P521)),
}

// Algorithms returns all 12 composite KEMs in OID order.
func Algorithms() []*Algorithm { return append([]*Algorithm(nil), algorithms...) }

// AlgorithmByName returns the algorithm of a name, with or without its "id-"
// prefix, or nil.
func AlgorithmByName(name string) *Algorithm { return hybrid.ByName(algorithms, name) }

// AlgorithmByOID returns the algorithm of an object identifier, or nil.
func AlgorithmByOID(oid asn1.ObjectIdentifier) *Algorithm { return hybrid.ByOID(algorithms, oid) }
