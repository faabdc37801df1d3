package kem

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hpke"
	"crypto/sha256"
	"crypto/sha3"
	"encoding/binary"
	"fmt"
	"testing"
)

// hpkeBase is RFC 9180's base-mode key schedule for HKDF-SHA256 and
// AES-128-GCM, written out here so that crystals' shared key alone — not
// crypto/hpke's — opens and seals on this side.
func hpkeBase(t *testing.T, kemID uint16, sharedKey, info []byte) cipher.AEAD {
	t.Helper()
	suite := []byte("HPKE")
	suite = binary.BigEndian.AppendUint16(suite, kemID)
	suite = binary.BigEndian.AppendUint16(suite, 0x0001) // HKDF-SHA256
	suite = binary.BigEndian.AppendUint16(suite, 0x0001) // AES-128-GCM
	extract := func(salt []byte, label string, ikm []byte) []byte {
		in := append(append(append([]byte("HPKE-v1"), suite...), label...), ikm...)
		prk, err := hkdf.Extract(sha256.New, in, salt)
		if err != nil {
			t.Fatal(err)
		}
		return prk
	}
	expand := func(prk []byte, label string, info []byte, n int) []byte {
		in := binary.BigEndian.AppendUint16(nil, uint16(n))
		in = append(append(append(append(in, "HPKE-v1"...), suite...), label...), info...)
		out, err := hkdf.Expand(sha256.New, prk, string(in), n)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	ksc := append([]byte{0}, extract(nil, "psk_id_hash", nil)...)
	ksc = append(ksc, extract(nil, "info_hash", info)...)
	secret := extract(sharedKey, "secret", nil)
	block, err := aes.NewCipher(expand(secret, "key", ksc, 16))
	if err != nil {
		t.Fatal(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		t.Fatal(err)
	}
	return &fixedNonce{aead, expand(secret, "base_nonce", ksc, 12)}
}

// fixedNonce is an AEAD for one message: sequence number 0, nonce = base_nonce.
type fixedNonce struct {
	cipher.AEAD
	nonce []byte
}

// TestHPKEHybridsAgainstStdlib checks MLKEM768-P256 and MLKEM1024-P384 against
// crypto/hpke over seeded iterations: the same seed gives the same public key,
// crypto/hpke seals and crystals opens, crystals encapsulates (with seeded
// randomness) and crypto/hpke opens. Everything crystals produced is folded
// into one hash per scheme.
func TestHPKEHybridsAgainstStdlib(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for _, c := range []struct {
		ours   Scheme
		theirs hpke.KEM
	}{{MLKEM768P256(), hpke.MLKEM768P256()}, {MLKEM1024P384(), hpke.MLKEM1024P384()}} {
		t.Run(c.ours.Name(), func(t *testing.T) {
			if c.ours.HPKEKEM() != c.theirs.ID() || SchemeByHPKEKEM(c.theirs.ID()) != c.ours {
				t.Fatalf("KEM id %#x, crypto/hpke %#x", c.ours.HPKEKEM(), c.theirs.ID())
			}
			rng := sha3.NewSHAKE128()
			rng.Write([]byte("crystals HPKE hybrids " + c.ours.Name()))
			fold := sha256.New()
			info := []byte("crystals")
			for i := range n {
				seed := make([]byte, c.ours.SeedSize())
				rng.Read(seed)
				dk, err := c.ours.NewDecapsulationKey(seed)
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := c.theirs.NewPrivateKey(seed)
				if err != nil {
					t.Fatal(err)
				}
				ek := dk.Encapsulator().Bytes()
				if !bytes.Equal(ek, theirs.PublicKey().Bytes()) {
					t.Fatalf("iteration %d: public keys from the same seed differ", i)
				}
				msg := fmt.Appendf(nil, "message %d", i)

				// crypto/hpke seals, crystals opens.
				sealed, err := hpke.Seal(theirs.PublicKey(), hpke.HKDFSHA256(), hpke.AES128GCM(), info, msg)
				if err != nil {
					t.Fatal(err)
				}
				enc, body := sealed[:c.ours.CiphertextSize()], sealed[c.ours.CiphertextSize():]
				ss, err := dk.Decapsulate(enc)
				if err != nil {
					t.Fatal(err)
				}
				aead := hpkeBase(t, c.ours.HPKEKEM(), ss, info).(*fixedNonce)
				if got, err := aead.Open(nil, aead.nonce, body, nil); err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("iteration %d: crystals cannot open what crypto/hpke sealed: %v", i, err)
				}

				// crystals encapsulates (seeded), crypto/hpke opens.
				pub, err := c.ours.NewEncapsulationKey(theirs.PublicKey().Bytes())
				if err != nil {
					t.Fatal(err)
				}
				random := make([]byte, c.ours.EncapsulationSeedSize())
				rng.Read(random)
				random[MessageSize] = 0 // a scalar below the curve order
				ss2, enc2, err := pub.EncapsulateDeterministicForTesting(random)
				if err != nil {
					t.Fatal(err)
				}
				aead = hpkeBase(t, c.ours.HPKEKEM(), ss2, info).(*fixedNonce)
				out := append(bytes.Clone(enc2), aead.Seal(nil, aead.nonce, msg, nil)...)
				if got, err := hpke.Open(theirs, hpke.HKDFSHA256(), hpke.AES128GCM(), info, out); err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("iteration %d: crypto/hpke cannot open what crystals sealed: %v", i, err)
				}
				fold.Write(ek)
				fold.Write(enc2)
				fold.Write(ss2)
			}
			t.Logf("%s: %d iterations, fold %x", c.ours.Name(), n, fold.Sum(nil))
		})
	}
}

// TestHPKEHybridBadInput checks lengths, points and zero-value keys.
func TestHPKEHybridBadInput(t *testing.T) {
	if _, err := new(HPKEHybridDecapsulationKey).Decapsulate(nil); err == nil {
		t.Error("zero-value key decapsulated")
	}
	if _, _, err := new(HPKEHybridEncapsulationKey).EncapsulateDeterministicForTesting(nil); err == nil {
		t.Error("zero-value key encapsulated")
	}
	for _, s := range []Scheme{MLKEM768P256(), MLKEM1024P384()} {
		if _, err := s.NewDecapsulationKey(make([]byte, 31)); err == nil {
			t.Errorf("%s: short seed accepted", s.Name())
		}
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		ek := dk.Encapsulator().Bytes()
		if _, err := s.NewEncapsulationKey(ek[1:]); err == nil {
			t.Errorf("%s: short key accepted", s.Name())
		}
		bad := bytes.Clone(ek)
		bad[len(bad)-1] ^= 1 // no longer on the curve
		if _, err := s.NewEncapsulationKey(bad); err == nil {
			t.Errorf("%s: point off the curve accepted", s.Name())
		}
		_, ct := dk.Encapsulator().Encapsulate()
		if _, err := dk.Decapsulate(ct[1:]); err == nil {
			t.Errorf("%s: short ciphertext accepted", s.Name())
		}
		ct[len(ct)-1] ^= 1
		if _, err := dk.Decapsulate(ct); err == nil {
			t.Errorf("%s: ephemeral point off the curve accepted", s.Name())
		}
	}
}
