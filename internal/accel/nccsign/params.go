package nccsign

import (
	"math/bits"

	"github.com/crystals-go/crystals/internal/accel/polymul"
)

// Sizes shared by every parameter set, in bytes.
const (
	seedSize = 32 // ζ, the key's seeds, tr and the challenge seed c̃
	crhSize  = 64 // μ and ρ'
)

// Constants shared by the η = 2 sets.
const (
	eta    = 2
	tau    = 32      // weight of the challenge
	beta   = 128     // τ·η: the bound on c·s
	gamma1 = 1 << 19 // y's coefficients lie in (−γ1, γ1]
	omega  = 80      // most hints a signature carries
	zBits  = 20      // bits of an encoded coefficient of z
	etaBit = 3       // bits of an encoded coefficient of s1, s2
)

// Params is one parameter set.
type Params struct {
	// Name identifies the set.
	Name string
	n    int   // p, the degree of X^p − X − 1 (the number of coefficients)
	q    int32 // the prime modulus, inert in the ring
	d    uint  // bits dropped from t
	// gamma2 is the low-order rounding range: (q−1)/70, /60 or /58.
	gamma2 int32
	w1Bits int // bits of an encoded coefficient of w1

	// PublicKeySize, PrivateKeySize and SignatureSize are the encodings'
	// lengths in bytes.
	PublicKeySize, PrivateKeySize, SignatureSize int

	qDiv     divisor             // q, for constant-time reduction
	alphaDiv divisor             // 2γ2
	w1Max    int32               // the largest high part: (q−1)/(2γ2) − 1
	qInvNeg  uint32              // −q^−1 mod 2^32, the reference's QINV
	rMod     uint32              // 2^32 mod q
	tShift   uint32              // 2^d·2^32 mod q: the factor of c·t1 in verification
	field    *polymul.LargeField // the ring's products
}

func newParams(name string, n int, q int32, d uint, alphaDen int32, w1Bits int) *Params {
	p := &Params{Name: name, n: n, q: q, d: d, gamma2: (q - 1) / alphaDen, w1Bits: w1Bits}
	t1Bits := 25 - int(d)
	p.PublicKeySize = seedSize + packedLen(n, t1Bits)
	p.PrivateKeySize = 3*seedSize + 2*packedLen(n, etaBit) + packedLen(n, int(d))
	p.SignatureSize = seedSize + packedLen(n, zBits) + packedLen(n, 1)
	p.qDiv = newDivisor(uint64(q))
	p.alphaDiv = newDivisor(uint64(2 * p.gamma2))
	p.w1Max = (q-1)/(2*p.gamma2) - 1
	inv := uint32(1)
	for range 5 { // Newton's iteration doubles the correct low bits of q^−1
		inv *= 2 - uint32(q)*inv
	}
	p.qInvNeg = -inv
	p.rMod = uint32((1 << 32) % uint64(q))
	p.field = polymul.NewLargeField(n, uint32(q))
	p.tShift = uint32((uint64(1) << d % uint64(q)) * uint64(p.rMod) % uint64(q))
	return p
}

// The three η = 2 ("conservative") sets of the round-1 code, NIST levels
// 1, 3 and 5; their private keys are 2800, 3914 and 4940 bytes.
var (
	NCCSign1 = newParams("NCC-Sign-NC-1", 1201, 17279291, 12, 70, 6)
	NCCSign3 = newParams("NCC-Sign-NC-3", 1607, 17305741, 13, 60, 5)
	NCCSign5 = newParams("NCC-Sign-NC-5", 2039, 17287423, 13, 58, 5)
)

// packedLen is the length of n coefficients of the given bits each.
func packedLen(n, bits int) int { return (n*bits + 7) / 8 }

// divisor divides by a fixed d < 2^32 in constant time (Barrett's method
// with m = ⌊2^64/d⌋, whose estimate errs by at most one).
type divisor struct{ d, m uint64 }

func newDivisor(d uint64) divisor { return divisor{d: d, m: ^uint64(0) / d} }

// divmod returns ⌊x/d⌋ and x mod d for any x, without branching.
func (v divisor) divmod(x uint64) (quo, rem uint64) {
	quo, _ = bits.Mul64(x, v.m)
	rem = x - quo*v.d
	ge := ^((rem - v.d) >> 63) & 1 // 1 if rem ≥ d (rem < 2d < 2^63)
	return quo + ge, rem - v.d&-ge
}
