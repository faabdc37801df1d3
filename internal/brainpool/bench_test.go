package brainpool

import "testing"

func BenchmarkSign(b *testing.B) {
	for _, c := range curves {
		k, err := c.GenerateKey()
		if err != nil {
			b.Fatal(err)
		}
		d := make([]byte, c.ScalarSize())
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				k.Sign(nil, d, nil)
			}
		})
	}
}

func BenchmarkECDH(b *testing.B) {
	for _, c := range curves {
		k, _ := c.GenerateKey()
		p, _ := c.GenerateKey()
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				k.ECDH(p.PublicKey())
			}
		})
	}
}

func BenchmarkMul(b *testing.B) {
	for _, c := range curves {
		x, y := c.g.x, c.g.y
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				c.p.mul(&x, &x, &y)
			}
		})
	}
}

func BenchmarkAdd(b *testing.B) {
	for _, c := range curves {
		p := c.g
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				c.add(&p, &p, &c.g)
			}
		})
	}
}
