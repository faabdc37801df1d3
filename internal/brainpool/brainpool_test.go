package brainpool

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"math/big"
	"testing"
)

var curves = []*Curve{P256r1, P384r1}

func bigOf(md *modulus, x *fe) *big.Int { return new(big.Int).SetBytes(md.bytesOf(x)) }

func randBelow(t *testing.T, m *big.Int) *big.Int {
	v, err := rand.Int(rand.Reader, m)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFieldAgainstBig compares the Montgomery arithmetic with math/big on
// random and edge operands, for both fields and both orders.
func TestFieldAgainstBig(t *testing.T) {
	for _, c := range curves {
		for _, md := range []*modulus{c.p, c.n} {
			mod := new(big.Int).Add(new(big.Int).SetBytes(md.minus2), big.NewInt(2))
			edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(mod, big.NewInt(1))}
			for i := range 300 {
				var a, b *big.Int
				if i < 9 {
					a, b = edges[i%3], edges[i/3]
				} else {
					a, b = randBelow(t, mod), randBelow(t, mod)
				}
				x, okx := md.fromBytes(a.FillBytes(make([]byte, md.bytes)))
				y, oky := md.fromBytes(b.FillBytes(make([]byte, md.bytes)))
				if okx&oky != 1 {
					t.Fatal("in-range value rejected")
				}
				var z fe
				md.mul(&z, &x, &y)
				if want := new(big.Int).Mod(new(big.Int).Mul(a, b), mod); bigOf(md, &z).Cmp(want) != 0 {
					t.Fatalf("%s: %v·%v", c.Name, a, b)
				}
				md.add(&z, &x, &y)
				if want := new(big.Int).Mod(new(big.Int).Add(a, b), mod); bigOf(md, &z).Cmp(want) != 0 {
					t.Fatalf("%s: %v+%v", c.Name, a, b)
				}
				md.sub(&z, &x, &y)
				if want := new(big.Int).Mod(new(big.Int).Sub(a, b), mod); bigOf(md, &z).Cmp(want) != 0 {
					t.Fatalf("%s: %v−%v", c.Name, a, b)
				}
				if a.Sign() != 0 && i%10 == 0 {
					md.inv(&z, &x)
					if want := new(big.Int).ModInverse(a, mod); bigOf(md, &z).Cmp(want) != 0 {
						t.Fatalf("%s: 1/%v", c.Name, a)
					}
				}
			}
			if _, ok := md.fromBytes(mod.FillBytes(make([]byte, md.bytes))); ok != 0 {
				t.Fatal("the modulus itself accepted as in range")
			}
		}
	}
}

// affineAdd is the textbook affine addition over math/big, the reference
// for the complete formulas (nil is the identity).
func affineAdd(c *Curve, p1, p2 [2]*big.Int, inf1, inf2 bool) ([2]*big.Int, bool) {
	if inf1 {
		return p2, inf2
	}
	if inf2 {
		return p1, false
	}
	p := new(big.Int).Add(new(big.Int).SetBytes(c.p.minus2), big.NewInt(2))
	a := bigOf(c.p, &c.a)
	var lambda *big.Int
	if p1[0].Cmp(p2[0]) == 0 {
		if new(big.Int).Mod(new(big.Int).Add(p1[1], p2[1]), p).Sign() == 0 {
			return [2]*big.Int{}, true
		}
		num := new(big.Int).Add(new(big.Int).Mul(big.NewInt(3), new(big.Int).Mul(p1[0], p1[0])), a)
		lambda = new(big.Int).Mul(num, new(big.Int).ModInverse(new(big.Int).Lsh(p1[1], 1), p))
	} else {
		num := new(big.Int).Sub(p2[1], p1[1])
		lambda = new(big.Int).Mul(num, new(big.Int).ModInverse(new(big.Int).Mod(new(big.Int).Sub(p2[0], p1[0]), p), p))
	}
	lambda.Mod(lambda, p)
	x := new(big.Int).Sub(new(big.Int).Mul(lambda, lambda), new(big.Int).Add(p1[0], p2[0]))
	x.Mod(x, p)
	y := new(big.Int).Sub(new(big.Int).Mul(lambda, new(big.Int).Sub(p1[0], x)), p1[1])
	y.Mod(y, p)
	return [2]*big.Int{x, y}, false
}

func toAffine(t *testing.T, c *Curve, p *point) ([2]*big.Int, bool) {
	x, y, err := c.affine(p)
	if err != nil {
		return [2]*big.Int{}, true
	}
	return [2]*big.Int{new(big.Int).SetBytes(x), new(big.Int).SetBytes(y)}, false
}

// TestGroupLaw checks the complete formulas against affine math/big
// arithmetic (distinct points, doubling, inverses, identity), that n·G is
// the identity, and that scalar multiplication is linear.
func TestGroupLaw(t *testing.T) {
	for _, c := range curves {
		g := c.g
		id := c.identity()
		pts := []point{g, id}
		for range 4 {
			k := c.randomScalar()
			pts = append(pts, c.scalarMult(&g, k))
		}
		neg := pts[2]
		c.p.sub(&neg.y, &fe{}, &neg.y)
		pts = append(pts, neg)
		for i := range pts {
			for j := range pts {
				var r point
				c.add(&r, &pts[i], &pts[j])
				a1, i1 := toAffine(t, c, &pts[i])
				a2, i2 := toAffine(t, c, &pts[j])
				want, winf := affineAdd(c, a1, a2, i1, i2)
				got, ginf := toAffine(t, c, &r)
				if ginf != winf || !winf && (got[0].Cmp(want[0]) != 0 || got[1].Cmp(want[1]) != 0) {
					t.Fatalf("%s: point %d + point %d", c.Name, i, j)
				}
			}
		}
		nb := new(big.Int).Add(new(big.Int).SetBytes(c.n.minus2), big.NewInt(2)).Bytes()
		if r := c.scalarMult(&g, nb); c.p.isZero(&r.z) != 1 {
			t.Fatalf("%s: n·G is not the identity", c.Name)
		}
		if enc, err := c.encode(&g); err != nil {
			t.Fatal(err)
		} else if _, err := c.decode(enc); err != nil {
			t.Fatalf("%s: G does not decode: %v", c.Name, err)
		}
	}
}

// TestScalarMultAgainstBig compares k·G and k·P with affine double-and-add
// over math/big for random and edge scalars.
func TestScalarMultAgainstBig(t *testing.T) {
	for _, c := range curves {
		p := c.scalarMult(&c.g, c.randomScalar())
		n := new(big.Int).Add(new(big.Int).SetBytes(c.n.minus2), big.NewInt(2))
		for i := range 12 {
			var k *big.Int
			switch i {
			case 0:
				k = big.NewInt(1)
			case 1:
				k = big.NewInt(16)
			case 2:
				k = new(big.Int).Sub(n, big.NewInt(1))
			default:
				k = randBelow(t, n)
			}
			for _, base := range []point{c.g, p} {
				b, _ := toAffine(t, c, &base)
				var want [2]*big.Int
				winf := true
				for j := k.BitLen() - 1; j >= 0; j-- {
					want, winf = affineAdd(c, want, want, winf, winf)
					if k.Bit(j) == 1 {
						want, winf = affineAdd(c, want, b, winf, false)
					}
				}
				r := c.scalarMult(&base, k.FillBytes(make([]byte, c.n.bytes)))
				got, ginf := toAffine(t, c, &r)
				if ginf != winf || !winf && (got[0].Cmp(want[0]) != 0 || got[1].Cmp(want[1]) != 0) {
					t.Fatalf("%s: %v·P differs from math/big", c.Name, k)
				}
			}
		}
	}
}

// TestECDSAAndECDH signs and verifies, rejects tampering, and checks that
// both sides of ECDH agree.
func TestECDSAAndECDH(t *testing.T) {
	for _, c := range curves {
		k, err := c.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		d := sha256.Sum256([]byte("brainpool"))
		sig, err := k.Sign(nil, d[:], nil)
		if err != nil {
			t.Fatal(err)
		}
		if !VerifyASN1(k.PublicKey(), d[:], sig) {
			t.Fatalf("%s: own signature rejected", c.Name)
		}
		d[0] ^= 1
		if VerifyASN1(k.PublicKey(), d[:], sig) {
			t.Fatalf("%s: signature of another digest accepted", c.Name)
		}
		k2, _ := c.GenerateKey()
		s1, err1 := k.ECDH(k2.PublicKey())
		s2, err2 := k2.ECDH(k.PublicKey())
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Fatalf("%s: ECDH sides disagree", c.Name)
		}
		bad := k.PublicKey().Bytes()
		bad[len(bad)-1] ^= 1
		if _, err := c.NewPublicKey(bad); err == nil {
			t.Fatalf("%s: point off the curve accepted", c.Name)
		}
		if _, err := c.NewPrivateKey(make([]byte, c.ScalarSize())); err == nil {
			t.Fatalf("%s: zero scalar accepted", c.Name)
		}
	}
}
