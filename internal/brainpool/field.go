// Package brainpool implements ECDSA and ECDH on the RFC 5639 curves
// brainpoolP256r1 and brainpoolP384r1, for the composite algorithms that
// name them. Arithmetic on secrets is constant time: Montgomery
// multiplication on fixed-width limbs with branch-free reductions, the
// complete projective addition formulas of Renes, Costello and Batina
// (Algorithm 1, any a) and a fixed-window scalar multiplication whose table
// entries are picked by masked scans. Only public values (signatures being verified, points being
// decoded, exponents of inversions) steer control flow. ECDSA nonces are
// hedged: derived from the key, the digest and fresh randomness.
package brainpool

import (
	"encoding/binary"
	"math/big"
	"math/bits"
)

// maxLimbs is the limb count of the largest field, 384 bits.
const maxLimbs = 6

// fe is a field or scalar element in Montgomery form, little-endian limbs;
// only the modulus' first l limbs are used.
type fe [maxLimbs]uint64

// modulus is an odd modulus with its Montgomery constants (R = 2^(64·l)).
type modulus struct {
	l      int
	m      fe
	m0inv  uint64 // −m⁻¹ mod 2^64
	rr     fe     // R² mod m
	one    fe     // R mod m, 1 in Montgomery form
	bytes  int
	minus2 []byte // m − 2, big-endian, the inversion exponent
}

func newModulus(hexValue string) *modulus {
	v, ok := new(big.Int).SetString(hexValue, 16)
	if !ok {
		panic("brainpool: bad constant")
	}
	md := &modulus{l: (v.BitLen() + 63) / 64, bytes: (v.BitLen() + 7) / 8}
	md.m = limbsOf(v)
	inv := uint64(1)
	for range 6 { // Newton: each step doubles the correct low bits
		inv *= 2 - md.m[0]*inv
	}
	md.m0inv = -inv
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*md.l))
	md.one = limbsOf(new(big.Int).Mod(r, v))
	md.rr = limbsOf(new(big.Int).Mod(new(big.Int).Mul(r, r), v))
	md.minus2 = new(big.Int).Sub(v, big.NewInt(2)).Bytes()
	return md
}

// limbsOf returns v (below 2^(64·maxLimbs)) as little-endian 64-bit limbs,
// whatever the size of big.Word on this architecture.
func limbsOf(v *big.Int) fe {
	var buf [8 * maxLimbs]byte
	v.FillBytes(buf[:])
	var z fe
	for i := range z {
		z[i] = binary.BigEndian.Uint64(buf[len(buf)-8*(i+1):])
	}
	return z
}

// mul sets z = x·y·R⁻¹ mod m (CIOS). x and y must be below m.
func (md *modulus) mul(z, x, y *fe) {
	l := md.l
	var t [maxLimbs + 2]uint64
	for i := range l {
		var c uint64
		for j := range l {
			hi, lo := bits.Mul64(x[i], y[j])
			var c1, c2 uint64
			lo, c1 = bits.Add64(lo, t[j], 0)
			lo, c2 = bits.Add64(lo, c, 0)
			t[j], c = lo, hi+c1+c2
		}
		var c1 uint64
		t[l], c1 = bits.Add64(t[l], c, 0)
		t[l+1] = c1

		u := t[0] * md.m0inv
		hi, lo := bits.Mul64(u, md.m[0])
		_, c1 = bits.Add64(lo, t[0], 0)
		c = hi + c1
		for j := 1; j < l; j++ {
			hi, lo := bits.Mul64(u, md.m[j])
			var c2 uint64
			lo, c1 = bits.Add64(lo, t[j], 0)
			lo, c2 = bits.Add64(lo, c, 0)
			t[j-1], c = lo, hi+c1+c2
		}
		t[l-1], c1 = bits.Add64(t[l], c, 0)
		t[l] = t[l+1] + c1
	}
	md.reduceOnce(z, t[:l+1])
}

// reduceOnce sets z = t mod m for t < 2m given as l+1 limbs, without
// branches.
func (md *modulus) reduceOnce(z *fe, t []uint64) {
	l := md.l
	var d fe
	var b uint64
	for j := range l {
		d[j], b = bits.Sub64(t[j], md.m[j], b)
	}
	_, b = bits.Sub64(t[l], 0, b)
	keep := -b // all ones when t < m
	for j := range l {
		z[j] = t[j]&keep | d[j]&^keep
	}
}

// add sets z = x + y mod m.
func (md *modulus) add(z, x, y *fe) {
	var t [maxLimbs + 1]uint64
	var c uint64
	for j := range md.l {
		t[j], c = bits.Add64(x[j], y[j], c)
	}
	t[md.l] = c
	md.reduceOnce(z, t[:md.l+1])
}

// sub sets z = x − y mod m.
func (md *modulus) sub(z, x, y *fe) {
	var d fe
	var b uint64
	for j := range md.l {
		d[j], b = bits.Sub64(x[j], y[j], b)
	}
	mask := -b
	var c uint64
	for j := range md.l {
		d[j], c = bits.Add64(d[j], md.m[j]&mask, c)
	}
	*z = d
}

// inv sets z = x⁻¹ (0 for 0) by Fermat, x^(m−2); the exponent is public.
func (md *modulus) inv(z, x *fe) {
	r := md.one
	for _, by := range md.minus2 {
		for i := 7; i >= 0; i-- {
			md.mul(&r, &r, &r)
			if by>>i&1 == 1 {
				md.mul(&r, &r, x)
			}
		}
	}
	*z = r
}

// fromBytes decodes a big-endian value of md.bytes bytes into Montgomery
// form; ok is 0 unless the value is below m. It runs in constant time.
func (md *modulus) fromBytes(b []byte) (z fe, ok uint64) {
	var v fe
	for i, by := range b {
		k := len(b) - 1 - i
		v[k/8] |= uint64(by) << (8 * (k % 8))
	}
	var borrow uint64
	for j := range md.l {
		_, borrow = bits.Sub64(v[j], md.m[j], borrow)
	}
	md.mul(&z, &v, &md.rr)
	return z, borrow
}

// bytesOf encodes x (Montgomery form) big-endian in md.bytes bytes.
func (md *modulus) bytesOf(x *fe) []byte {
	var one, v fe
	one[0] = 1
	md.mul(&v, x, &one)
	out := make([]byte, md.bytes)
	for i := range out {
		k := len(out) - 1 - i
		out[i] = byte(v[k/8] >> (8 * (k % 8)))
	}
	return out
}

// isZero returns 1 if x is zero, else 0, in constant time.
func (md *modulus) isZero(x *fe) uint64 {
	var acc uint64
	for j := range md.l {
		acc |= x[j]
	}
	return 1 ^ (acc|-acc)>>63
}

// selectFe sets z = a if bit is 1, else b.
func selectFe(z, a, b *fe, bit uint64) {
	mask := -bit
	for j := range z {
		z[j] = a[j]&mask | b[j]&^mask
	}
}
