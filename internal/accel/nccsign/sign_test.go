package nccsign

import (
	"bytes"
	"testing"
)

func testKey(t *testing.T, p *Params, b byte) *PrivateKey {
	t.Helper()
	var zeta, seed [seedSize]byte
	zeta[0], seed[0] = b, b+1
	return NewKeyFromSeeds(p, &zeta, &seed)
}

// TestTamperedSignatures checks that a flipped bit anywhere in the
// challenge seed, z or the hints, or a changed message, is rejected.
func TestTamperedSignatures(t *testing.T) {
	for _, p := range allParams {
		sk := testKey(t, p, 1)
		pk, err := NewPublicKey(p, sk.PublicKeyBytes())
		if err != nil {
			t.Fatal(err)
		}
		msg := []byte("NCC-Sign tamper test")
		sig := sk.Sign(msg)
		if !pk.Verify(msg, sig) {
			t.Fatalf("%s: valid signature rejected", p.Name)
		}
		zb := packedLen(p.n, zBits)
		for _, pos := range []int{0, seedSize - 1, seedSize, seedSize + zb/2, seedSize + zb - 1, seedSize + zb, len(sig) - 1} {
			for bit := range 8 {
				if testing.Short() && bit != pos%8 {
					continue // one bit per position with -short
				}
				bad := bytes.Clone(sig)
				bad[pos] ^= 1 << bit
				if pk.Verify(msg, bad) {
					t.Fatalf("%s: signature with byte %d bit %d flipped accepted", p.Name, pos, bit)
				}
			}
		}
		if pk.Verify([]byte("NCC-Sign tamper tesT"), sig) {
			t.Fatalf("%s: signature of another message accepted", p.Name)
		}
		if pk.Verify(msg, sig[:len(sig)-1]) || pk.Verify(msg, append(bytes.Clone(sig), 0)) {
			t.Fatalf("%s: signature of the wrong length accepted", p.Name)
		}
		other, _ := NewPublicKey(p, testKey(t, p, 7).PublicKeyBytes())
		if other.Verify(msg, sig) {
			t.Fatalf("%s: signature accepted under another key", p.Name)
		}
	}
}

// TestDecoders checks the rejections of the key decoders.
func TestDecoders(t *testing.T) {
	for _, p := range allParams {
		sk := testKey(t, p, 3)
		pub, priv := sk.PublicKeyBytes(), sk.Bytes()
		if _, err := NewPublicKey(p, pub[1:]); err != errPublicKeySize {
			t.Errorf("%s: short public key: %v", p.Name, err)
		}
		if _, err := NewPrivateKey(p, priv[1:]); err != errPrivateKeySize {
			t.Errorf("%s: short private key: %v", p.Name, err)
		}
		bad := bytes.Clone(pub)
		bad[len(bad)-1] |= 0x80 // a padding bit (every set has some)
		if _, err := NewPublicKey(p, bad); err != errEncoding {
			t.Errorf("%s: public key padding: %v", p.Name, err)
		}
		bad = bytes.Clone(priv)
		bad[3*seedSize] |= 7 // s1[0] = η − 7, out of range
		if _, err := NewPrivateKey(p, bad); err != errEncoding {
			t.Errorf("%s: private key coefficient: %v", p.Name, err)
		}
		for _, pos := range []int{0, 2 * seedSize, len(priv) - 1} { // ζ, tr, t0
			bad = bytes.Clone(priv)
			bad[pos] ^= 1
			if _, err := NewPrivateKey(p, bad); err != errInconsistent {
				t.Errorf("%s: private key with byte %d changed: %v", p.Name, pos, err)
			}
		}
		sk2, err := NewPrivateKey(p, priv)
		if err != nil || !sk2.Equal(sk) || !bytes.Equal(sk2.PublicKeyBytes(), pub) {
			t.Errorf("%s: round trip: %v", p.Name, err)
		}
	}
}
