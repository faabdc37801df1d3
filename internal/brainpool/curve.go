package brainpool

import (
	"crypto/subtle"
	"encoding/asn1"
	"errors"
)

// Curve is one of the two brainpool curves, y² = x³ + ax + b over GF(p),
// of prime order n (cofactor 1).
type Curve struct {
	Name string
	OID  asn1.ObjectIdentifier
	p, n *modulus
	a    fe // Montgomery form
	b3   fe // 3b, Montgomery form
	b    fe
	g    point
}

// ScalarSize is the length of an encoded scalar or coordinate.
func (c *Curve) ScalarSize() int { return c.p.bytes }

// PointSize is the length of an uncompressed point 04‖X‖Y.
func (c *Curve) PointSize() int { return 1 + 2*c.p.bytes }

func newCurve(name string, oid asn1.ObjectIdentifier, p, a, b, gx, gy, n string) *Curve {
	c := &Curve{Name: name, OID: oid, p: newModulus(p), n: newModulus(n)}
	c.a = c.constant(a)
	c.b = c.constant(b)
	c.p.add(&c.b3, &c.b, &c.b)
	c.p.add(&c.b3, &c.b3, &c.b)
	c.g = point{c.constant(gx), c.constant(gy), c.p.one}
	return c
}

func (c *Curve) constant(h string) fe {
	md := c.p
	x, ok := md.fromBytes(leftPad(hexBytes(h), md.bytes))
	if ok != 1 {
		panic("brainpool: constant out of range")
	}
	return x
}

// The curves of RFC 5639 §3.4 and §3.6.
var (
	P256r1 = newCurve("brainpoolP256r1", asn1.ObjectIdentifier{1, 3, 36, 3, 3, 2, 8, 1, 1, 7},
		"a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377",
		"7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9",
		"26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6",
		"8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262",
		"547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997",
		"a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7")
	P384r1 = newCurve("brainpoolP384r1", asn1.ObjectIdentifier{1, 3, 36, 3, 3, 2, 8, 1, 1, 11},
		"8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec53",
		"7bc382c63d8c150c3c72080ace05afa0c2bea28e4fb22787139165efba91f90f8aa5814a503ad4eb04a8c7dd22ce2826",
		"04a8c7dd22ce28268b39b55416f0447c2fb77de107dcd2a62e880ea53eeb62d57cb4390295dbc9943ab78696fa504c11",
		"1d1c64f068cf45ffa2a63a81b7c13f6b8847a3e77ef14fe3db7fcafe0cbd10e8e826e03436d646aaef87b2e247d4af1e",
		"8abe1d7520f9c2a45cb1eb8e95cfd55262b70b29feec5864e19c054ff99129280e4646217791811142820341263c5315",
		"8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565")
)

func hexBytes(h string) []byte {
	out := make([]byte, len(h)/2)
	for i := range out {
		out[i] = unhex(h[2*i])<<4 | unhex(h[2*i+1])
	}
	return out
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	panic("brainpool: bad hex")
}

func leftPad(b []byte, n int) []byte {
	return append(make([]byte, n-len(b)), b...)
}

// point is a projective point (X:Y:Z), Montgomery-form coordinates; the
// identity is (0:1:0).
type point struct{ x, y, z fe }

func (c *Curve) identity() point { return point{y: c.p.one} }

// add sets r = p + q with the complete formulas (RCB 2016, Algorithm 1),
// valid for every pair of points, doubling and the identity included.
func (c *Curve) add(r, p, q *point) {
	f := c.p
	var t0, t1, t2, t3, t4, t5, x3, y3, z3 fe
	f.mul(&t0, &p.x, &q.x)
	f.mul(&t1, &p.y, &q.y)
	f.mul(&t2, &p.z, &q.z)
	f.add(&t3, &p.x, &p.y)
	f.add(&t4, &q.x, &q.y)
	f.mul(&t3, &t3, &t4)
	f.add(&t4, &t0, &t1)
	f.sub(&t3, &t3, &t4)
	f.add(&t4, &p.x, &p.z)
	f.add(&t5, &q.x, &q.z)
	f.mul(&t4, &t4, &t5)
	f.add(&t5, &t0, &t2)
	f.sub(&t4, &t4, &t5)
	f.add(&t5, &p.y, &p.z)
	f.add(&x3, &q.y, &q.z)
	f.mul(&t5, &t5, &x3)
	f.add(&x3, &t1, &t2)
	f.sub(&t5, &t5, &x3)
	f.mul(&z3, &c.a, &t4)
	f.mul(&x3, &c.b3, &t2)
	f.add(&z3, &x3, &z3)
	f.sub(&x3, &t1, &z3)
	f.add(&z3, &t1, &z3)
	f.mul(&y3, &x3, &z3)
	f.add(&t1, &t0, &t0)
	f.add(&t1, &t1, &t0)
	f.mul(&t2, &c.a, &t2)
	f.mul(&t4, &c.b3, &t4)
	f.add(&t1, &t1, &t2)
	f.sub(&t2, &t0, &t2)
	f.mul(&t2, &c.a, &t2)
	f.add(&t4, &t4, &t2)
	f.mul(&t0, &t1, &t4)
	f.add(&y3, &y3, &t0)
	f.mul(&t0, &t5, &t4)
	f.mul(&x3, &t3, &x3)
	f.sub(&x3, &x3, &t0)
	f.mul(&t0, &t3, &t1)
	f.mul(&z3, &z3, &t5)
	f.add(&z3, &z3, &t0)
	r.x, r.y, r.z = x3, y3, z3
}

// scalarMult returns k·p for a big-endian scalar k with a fixed 4-bit
// window: a table of 0·p … 15·p, then for every nibble four doublings and
// the addition of the table entry, which is found by a masked scan of the
// whole table, so neither branches nor addresses depend on k.
func (c *Curve) scalarMult(p *point, k []byte) point {
	var table [16]point
	table[0] = c.identity()
	table[1] = *p
	for i := 2; i < 16; i++ {
		c.add(&table[i], &table[i-1], p)
	}
	r := c.identity()
	var entry point
	for _, by := range k {
		for _, nibble := range [2]byte{by >> 4, by & 15} {
			for range 4 {
				c.add(&r, &r, &r)
			}
			for i := range table {
				bit := uint64(subtle.ConstantTimeByteEq(byte(i), nibble))
				selectFe(&entry.x, &table[i].x, &entry.x, bit)
				selectFe(&entry.y, &table[i].y, &entry.y, bit)
				selectFe(&entry.z, &table[i].z, &entry.z, bit)
			}
			c.add(&r, &r, &entry)
		}
	}
	return r
}

// ErrPoint reports an encoding that is not an uncompressed point on the
// curve, or the identity where a point is needed.
var ErrPoint = errors.New("brainpool: invalid point")

// affine returns the encoding 04‖X‖Y of p, or ErrPoint for the identity.
func (c *Curve) affine(p *point) ([]byte, []byte, error) {
	f := c.p
	if f.isZero(&p.z) == 1 {
		return nil, nil, ErrPoint
	}
	var zi, x, y fe
	f.inv(&zi, &p.z)
	f.mul(&x, &p.x, &zi)
	f.mul(&y, &p.y, &zi)
	return f.bytesOf(&x), f.bytesOf(&y), nil
}

func (c *Curve) encode(p *point) ([]byte, error) {
	x, y, err := c.affine(p)
	if err != nil {
		return nil, err
	}
	return append(append([]byte{4}, x...), y...), nil
}

// decode parses an uncompressed point and checks that it is on the curve.
func (c *Curve) decode(b []byte) (point, error) {
	f := c.p
	if len(b) != c.PointSize() || b[0] != 4 {
		return point{}, ErrPoint
	}
	x, okx := f.fromBytes(b[1 : 1+f.bytes])
	y, oky := f.fromBytes(b[1+f.bytes:])
	if okx&oky != 1 {
		return point{}, ErrPoint
	}
	var lhs, rhs, t fe
	f.mul(&lhs, &y, &y)
	f.mul(&rhs, &x, &x)
	f.add(&rhs, &rhs, &c.a)
	f.mul(&rhs, &rhs, &x)
	f.add(&rhs, &rhs, &c.b)
	f.sub(&t, &lhs, &rhs)
	if f.isZero(&t) != 1 {
		return point{}, ErrPoint
	}
	return point{x, y, f.one}, nil
}
