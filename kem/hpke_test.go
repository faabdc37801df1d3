package kem

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hpke"
	"crypto/mlkem"
	"strings"
	"testing"
)

type hpkePublic interface {
	HPKEPublicKey() (hpke.PublicKey, error)
}

type hpkePrivate interface {
	HPKEPrivateKey() (hpke.PrivateKey, error)
}

// hpkeSealOpen seals msg to pub with crypto/hpke and opens it with priv,
// failing t unless the message comes back.
func hpkeSealOpen(t *testing.T, pub hpke.PublicKey, priv hpke.PrivateKey) {
	t.Helper()
	kdf, aead := hpke.HKDFSHA256(), hpke.AES128GCM()
	info, msg := []byte("crystals hpke helpers"), []byte("sealed to a post-quantum key")
	sealed, err := hpke.Seal(pub, kdf, aead, info, msg)
	if err != nil {
		t.Fatalf("seal: %v", err)
	}
	opened, err := hpke.Open(priv, kdf, aead, info, sealed)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if !bytes.Equal(opened, msg) {
		t.Fatal("opened another message")
	}
}

// TestHPKEHelpersOurKeys: for every key crypto/hpke supports, crypto/hpke
// seals to HPKEPublicKey and opens with HPKEPrivateKey (the crystals engine
// decapsulating), and a recipient built by the standard library alone from
// the same key material opens the same seal.
func TestHPKEHelpersOurKeys(t *testing.T) {
	for _, c := range []struct {
		scheme Scheme
		kemID  uint16
		// stdlib builds crypto/hpke's own private key for the same key.
		stdlib func(dk DecapsulationKey) (hpke.PrivateKey, error)
	}{
		{MLKEM768(), 0x0041, func(dk DecapsulationKey) (hpke.PrivateKey, error) { return hpke.MLKEM768().NewPrivateKey(dk.Bytes()) }},
		{MLKEM1024(), 0x0042, func(dk DecapsulationKey) (hpke.PrivateKey, error) { return hpke.MLKEM1024().NewPrivateKey(dk.Bytes()) }},
		{XWing(), 0x647a, func(dk DecapsulationKey) (hpke.PrivateKey, error) {
			return hpke.MLKEM768X25519().NewPrivateKey(dk.Bytes())
		}},
		{X25519MLKEM768(), 0x647a, hpkeStdlibHybrid},
		{SecP256r1MLKEM768(), 0x0050, hpkeStdlibHybrid},
		{SecP384r1MLKEM1024(), 0x0051, hpkeStdlibHybrid},
	} {
		t.Run(c.scheme.Name(), func(t *testing.T) {
			dk, err := c.scheme.GenerateKey()
			if err != nil {
				t.Fatal(err)
			}
			pub, err := dk.PublicKey().(hpkePublic).HPKEPublicKey()
			if err != nil {
				t.Fatal(err)
			}
			if pub.KEM().ID() != c.kemID {
				t.Fatalf("HPKE KEM 0x%04x, want 0x%04x", pub.KEM().ID(), c.kemID)
			}
			priv, err := dk.(hpkePrivate).HPKEPrivateKey()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(priv.PublicKey().Bytes(), pub.Bytes()) {
				t.Fatal("HPKEPrivateKey's public key differs from HPKEPublicKey")
			}
			hpkeSealOpen(t, pub, priv)
			std, err := c.stdlib(dk)
			if err != nil {
				t.Fatal(err)
			}
			hpkeSealOpen(t, pub, std)
			// And the other way: our private key opens a seal to the
			// standard library's public key.
			hpkeSealOpen(t, std.PublicKey(), priv)
		})
	}
}

// hpkeStdlibHybrid is crypto/hpke's private key for the parts of a TLS hybrid
// key, from crypto/mlkem and the key's ECDH half.
func hpkeStdlibHybrid(dk DecapsulationKey) (hpke.PrivateKey, error) {
	h := dk.(*HybridDecapsulationKey)
	var err error
	var std hpke.PrivateKey
	switch h.MLKEM().Scheme() {
	case MLKEM768():
		var k *mlkem.DecapsulationKey768
		k, err = mlkem.NewDecapsulationKey768(h.MLKEM().Bytes())
		if err == nil {
			std, err = hpke.NewHybridPrivateKey(k, h.ECDH())
		}
	default:
		var k *mlkem.DecapsulationKey1024
		k, err = mlkem.NewDecapsulationKey1024(h.MLKEM().Bytes())
		if err == nil {
			std, err = hpke.NewHybridPrivateKey(k, h.ECDH())
		}
	}
	return std, err
}

// TestHPKEHelpersStdlibKeys: keys that crypto/hpke generated come into this
// package through FromHPKEPrivateKey / FromHPKEPublicKey, open what
// crypto/hpke sealed to them, and encapsulate in the crystals engine to the
// shared key crypto/mlkem decapsulates.
func TestHPKEHelpersStdlibKeys(t *testing.T) {
	for _, k := range []hpke.KEM{hpke.MLKEM768(), hpke.MLKEM1024(), hpke.MLKEM768X25519()} {
		t.Run(SchemeByHPKEKEM(k.ID()).Name(), func(t *testing.T) {
			std, err := k.GenerateKey()
			if err != nil {
				t.Fatal(err)
			}
			dk, err := FromHPKEPrivateKey(std)
			if err != nil {
				t.Fatal(err)
			}
			if dk.Scheme().HPKEKEM() != k.ID() {
				t.Fatalf("scheme %s for HPKE KEM 0x%04x", dk.Scheme().Name(), k.ID())
			}
			priv, err := dk.(hpkePrivate).HPKEPrivateKey()
			if err != nil {
				t.Fatal(err)
			}
			hpkeSealOpen(t, std.PublicKey(), priv)

			ek, err := FromHPKEPublicKey(std.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ek.Bytes(), std.PublicKey().Bytes()) || !bytes.Equal(ek.Bytes(), dk.PublicKey().Bytes()) {
				t.Fatal("public keys differ")
			}
			pub, err := ek.(hpkePublic).HPKEPublicKey()
			if err != nil {
				t.Fatal(err)
			}
			hpkeSealOpen(t, pub, std)

			// Raw KEM: our encapsulation, crypto/mlkem's decapsulation.
			if k.ID() == 0x647a {
				return
			}
			seed, _ := std.Bytes()
			shared, ct := ek.Encapsulate()
			var got []byte
			if k.ID() == 0x0041 {
				m, _ := mlkem.NewDecapsulationKey768(seed)
				got, err = m.Decapsulate(ct)
			} else {
				m, _ := mlkem.NewDecapsulationKey1024(seed)
				got, err = m.Decapsulate(ct)
			}
			if err != nil || !bytes.Equal(got, shared) {
				t.Fatalf("crypto/mlkem decapsulates another key (err %v)", err)
			}
		})
	}
}

// TestHPKEHelpersExpandedKey: a key loaded from the FIPS 203 expanded
// encoding, which crypto/mlkem cannot load, opens in crypto/hpke: the
// crystals engine decapsulates.
func TestHPKEHelpersExpandedKey(t *testing.T) {
	dk, err := GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	expanded, err := NewExpandedDecapsulationKey768(dk.ExpandedBytes())
	if err != nil {
		t.Fatal(err)
	}
	pub, err := dk.EncapsulationKey().HPKEPublicKey()
	if err != nil {
		t.Fatal(err)
	}
	priv, err := expanded.HPKEPrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	hpkeSealOpen(t, pub, priv)
	if _, err := FromHPKEPrivateKey(priv); err == nil || !strings.Contains(err.Error(), "no seed") {
		t.Errorf("FromHPKEPrivateKey of a key without seed: %v", err)
	}
}

// TestHPKEHelpersErrors: what does not convert says so, and zero values are
// errors, not panics.
func TestHPKEHelpersErrors(t *testing.T) {
	p256, err := hpke.MLKEM768P256().GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	// HPKE's P-256 hybrid converts to this package's MLKEM768P256, key for key.
	pub, err := FromHPKEPublicKey(p256.PublicKey())
	if err != nil || pub.Scheme() != MLKEM768P256() || !bytes.Equal(pub.Bytes(), p256.PublicKey().Bytes()) {
		t.Errorf("MLKEM768-P256 public key: %v", err)
	}
	priv, err := FromHPKEPrivateKey(p256)
	if err != nil || priv.Scheme() != MLKEM768P256() || !bytes.Equal(priv.PublicKey().Bytes(), p256.PublicKey().Bytes()) {
		t.Errorf("MLKEM768-P256 private key: %v", err)
	}
	// A classical DHKEM has no key type here.
	dh, err := hpke.DHKEM(ecdh.X25519()).GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromHPKEPublicKey(dh.PublicKey()); err == nil || !strings.Contains(err.Error(), "0x0020") {
		t.Errorf("DHKEM(X25519) public key: %v", err)
	}
	if _, err := FromHPKEPrivateKey(dh); err == nil || !strings.Contains(err.Error(), "0x0020") {
		t.Errorf("DHKEM(X25519) private key: %v", err)
	}
	xw, _ := GenerateKeyXWing()
	noSeed, err := xw.HPKEPrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromHPKEPrivateKey(noSeed); err == nil || !strings.Contains(err.Error(), "no seed") {
		t.Errorf("X-Wing hpke key without seed: %v", err)
	}
	if _, err := FromHPKEPublicKey(nil); err == nil {
		t.Error("nil public key accepted")
	}
	if _, err := FromHPKEPrivateKey(nil); err == nil {
		t.Error("nil private key accepted")
	}
	for name, f := range map[string]func() error{
		"EncapsulationKey768":    func() error { _, err := new(EncapsulationKey768).HPKEPublicKey(); return err },
		"EncapsulationKey1024":   func() error { _, err := new(EncapsulationKey1024).HPKEPublicKey(); return err },
		"XWingEncapsulationKey":  func() error { _, err := new(XWingEncapsulationKey).HPKEPublicKey(); return err },
		"HybridEncapsulationKey": func() error { _, err := new(HybridEncapsulationKey).HPKEPublicKey(); return err },
		"DecapsulationKey768":    func() error { _, err := new(DecapsulationKey768).HPKEPrivateKey(); return err },
		"DecapsulationKey1024":   func() error { _, err := new(DecapsulationKey1024).HPKEPrivateKey(); return err },
		"HybridDecapsulationKey": func() error { _, err := new(HybridDecapsulationKey).HPKEPrivateKey(); return err },
		"nil *DecapsulationKey768": func() error {
			var dk *DecapsulationKey768
			_, err := dk.HPKEPrivateKey()
			return err
		},
	} {
		if err := f(); err != ErrZeroKey {
			t.Errorf("zero %s: %v", name, err)
		}
	}
}
