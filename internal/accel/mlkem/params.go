// Package mlkem is the portable ML-KEM engine (FIPS 203): the ring Z_q[X]/(X^256+1)
// with q = 3329, its NTT, sampling, compression and encoding kernels, K-PKE, and
// the ML-KEM internal algorithms for all three parameter sets, parameterised by
// a [Params] value.
//
// Kernels live in files by concern (field.go, ntt.go, multiply.go, sample.go,
// cbd.go, compress.go, encode.go, ctime.go) with simple signatures on fixed
// arrays: accelerated versions replace them one by one, and these Go versions
// remain their specification.
//
// Keys are plain values holding the expanded matrix Â and the NTT-domain
// vectors, so encapsulation and decapsulation with a loaded key allocate
// nothing.
package mlkem

// maxK is the largest module rank, k = 4 for ML-KEM-1024.
const maxK = 4

// Sizes of the byte strings shared by every parameter set.
const (
	SeedSize         = 64 // d‖z, the ML-KEM key-generation seed
	SharedKeySize    = 32 // K
	MessageSize      = 32 // m, the Encaps_internal randomness
	encodedPolySize  = 384
	maxCiphertextLen = 32 * (11*maxK + 5)
)

// Params is an ML-KEM parameter set (FIPS 203, Section 8, Table 2).
type Params struct {
	name string
	k    int  // module rank
	eta1 int  // CBD parameter of s, e (key generation) and y (encryption)
	eta2 int  // CBD parameter of e1 and e2 (encryption)
	du   uint // bits per coefficient of u in the ciphertext
	dv   uint // bits per coefficient of v in the ciphertext
}

// The three parameter sets of FIPS 203.
var (
	MLKEM512  = &Params{name: "ML-KEM-512", k: 2, eta1: 3, eta2: 2, du: 10, dv: 4}
	MLKEM768  = &Params{name: "ML-KEM-768", k: 3, eta1: 2, eta2: 2, du: 10, dv: 4}
	MLKEM1024 = &Params{name: "ML-KEM-1024", k: 4, eta1: 2, eta2: 2, du: 11, dv: 5}
)

// Name returns the parameter set's name, such as "ML-KEM-768".
func (p *Params) Name() string { return p.name }

// EncapsulationKeySize returns the length of an encoded encapsulation key,
// 384k+32 bytes.
func (p *Params) EncapsulationKeySize() int { return encodedPolySize*p.k + 32 }

// DecapsulationKeySize returns the length of an expanded decapsulation key
// dk = dk_PKE‖ek‖H(ek)‖z, 768k+96 bytes.
func (p *Params) DecapsulationKeySize() int {
	return encodedPolySize*p.k + p.EncapsulationKeySize() + 64
}

// CiphertextSize returns the length of a ciphertext, 32(du·k+dv) bytes.
func (p *Params) CiphertextSize() int { return 32 * (int(p.du)*p.k + int(p.dv)) }
