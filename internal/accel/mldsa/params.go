// Package mldsa is the portable ML-DSA engine (FIPS 204): one implementation
// of ML-DSA-44, ML-DSA-65 and ML-DSA-87 parameterised by [Params], with keys
// that keep their precomputed forms (Â and t̂0 or t̂1 in the NTT domain, s1
// and s2 as tables of packed sparse products, pspm.go) so that signing and
// verifying skip ExpandA and the NTTs of the key, and allocate nothing.
//
// The arithmetic and packing kernels live in files by concern (field.go,
// ntt.go, rounding.go, norm.go, sample.go, pack.go, hint.go) with simple
// signatures on fixed arrays: they are the specification of the SIMD
// kernels. kernels.go is the contract: each kernel that has a SIMD version
// asks its architecture's generated hook (kernels_amd64.go, choosing on
// cpu.Active() at call time between AVX-512 and AVX2 assembly from
// internal/accel/_asm/mldsa; kernels_noasm.go elsewhere) or runs the Go
// kernel, whose
// output the assembly matches bit for bit (levels_test.go). Tests run every
// level the CPU has in one binary.
//
//	kernel                  avx512                        avx2
//	ntt, invNTT             whole polynomial in 16 zmm,   two passes (layers 1–3
//	                        8 layers merged               by columns, 4–8 by blocks)
//	nttMul, nttDot          16 lanes, 64-bit sums         8 lanes
//	polyAdd/Sub, norms,     16 lanes, branch-free         8 lanes, branch-free
//	HighBits, LowBits norm,
//	MakeHint, UseHint       (UseHint on mask registers)
//	power2RoundSum          16 lanes                      8 lanes
//	(t = A·s1 + s2, Power2Round)
//	unpackZ, packW1,        VPERMB, masked loads/stores   VPSHUFB or shifts per lane
//	unpackT1, packT1,
//	packZ
//	rejNTTPoly              VPERMB + VPCOMPRESSD          VPSHUFB + table + VPERMD,
//	rejBoundedPoly          VPERMB + VPCOMPRESSD          VPSHUFB + table + VPERMD,
//	                                                      whole-vector store
//	ExpandA/S/Mask XOFs     8-way Keccak, carrying tr or  4-way Keccak
//	                        c̃ (keccak.Carried)
//	c·s1, c·s2 (packed)     64 byte lanes, signs by XOR;  32 byte lanes, signs by XOR;
//	                        c's positions by VPCOMPRESSD  c's positions by VPERMD table
//
// SampleInBall, the hint encoding and the t0 and η packings of key
// generation and key encoding stay in Go at every level.
package mldsa

// Params is an ML-DSA parameter set (FIPS 204, Table 1). The field names are
// the spec's letters.
type Params struct {
	Name   string
	K, L   int // dimensions of A (k rows, l columns)
	Eta    int // η, the range of the secret coefficients
	Tau    int // τ, the number of ±1 coefficients of the challenge c
	Beta   int // β = τ·η
	Gamma1 int // γ1, the range of the mask y
	Gamma2 int // γ2, the low-order rounding range
	Omega  int // ω, the maximum number of 1s in the hint h
	Lambda int // λ, the collision strength of c̃ in bits

	// Derived values.
	etaBits      int    // bits per packed s1/s2 coefficient, bitlen(2η)
	gamma1Bits   int    // bits per packed z coefficient, 1 + bitlen(γ1−1)
	w1Bits       int    // bits per packed w1 coefficient
	decomposeMul uint64 // ⌊2⁴⁸/2γ2⌋ + 1, see newParams
}

// The three parameter sets of FIPS 204.
var (
	params44 = newParams("ML-DSA-44", 4, 4, 2, 39, 1<<17, (q-1)/88, 80, 128)
	params65 = newParams("ML-DSA-65", 6, 5, 4, 49, 1<<19, (q-1)/32, 55, 192)
	params87 = newParams("ML-DSA-87", 8, 7, 2, 60, 1<<19, (q-1)/32, 75, 256)
)

// The parameter sets of FIPS 204, as mlkem's MLKEM512, MLKEM768 and
// MLKEM1024 are FIPS 203's.
var (
	MLDSA44 = &params44 // ML-DSA-44
	MLDSA65 = &params65 // ML-DSA-65
	MLDSA87 = &params87 // ML-DSA-87
)

// All returns the three parameter sets, smallest first.
func All() []*Params { return []*Params{&params44, &params65, &params87} }

// Upper bounds of k and l over every parameter set, for stack-sized vectors.
const (
	maxK = 8
	maxL = 7
)

func newParams(name string, k, l, eta, tau, gamma1, gamma2, omega, lambda int) Params {
	p := Params{Name: name, K: k, L: l, Eta: eta, Tau: tau, Beta: tau * eta,
		Gamma1: gamma1, Gamma2: gamma2, Omega: omega, Lambda: lambda}
	p.etaBits = bitLen(2 * eta)
	p.gamma1Bits = 1 + bitLen(gamma1-1)
	p.w1Bits = bitLen((q-1)/(2*gamma2) - 1)
	// floor(r / 2γ2) = (r · decomposeMul) >> 48 for every r < 2^23: the
	// error of the rounded-up reciprocal is below 2^-25, far under 1/(2γ2).
	p.decomposeMul = (1<<48)/uint64(2*gamma2) + 1
	return p
}

func bitLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

// SeedSize is the size of the key-generation seed ξ.
const SeedSize = 32

// MuSize is the size of the message representative μ.
const MuSize = 64

// RandomSize is the size of the signing randomness rnd.
const RandomSize = 32

// PublicKeySize is the size of pkEncode's output (Algorithm 22, FIPS 204).
func (p *Params) PublicKeySize() int { return 32 + 32*10*p.K }

// PrivateKeySize is the size of skEncode's output (Algorithm 24, FIPS 204).
func (p *Params) PrivateKeySize() int {
	return 32 + 32 + 64 + 32*((p.K+p.L)*p.etaBits+d*p.K)
}

// SignatureSize is the size of sigEncode's output (Algorithm 26, FIPS 204).
func (p *Params) SignatureSize() int {
	return p.Lambda/4 + 32*p.gamma1Bits*p.L + p.Omega + p.K
}

func (p *Params) challengeSize() int { return p.Lambda / 4 }
func (p *Params) w1PackedSize() int  { return 32 * p.w1Bits * p.K }
