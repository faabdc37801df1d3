package kem

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/hpke"
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
	"crypto/rand"
	"sync/atomic"
	"testing"

	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circlxwing "github.com/cloudflare/circl/kem/xwing"
)

func runs(t *testing.T, n int) int {
	if testing.Short() {
		return n / 20
	}
	return n
}

// stdlibHybrid is a TLS hybrid assembled from crypto/mlkem and crypto/ecdh the
// way crypto/tls does it, independently of this package.
type stdlibHybrid struct {
	curve   ecdh.Curve
	is1024  bool
	pqFirst bool
	ekSize  int
	ctSize  int
}

func stdlibHybridOf(s Scheme) stdlibHybrid {
	switch s.Name() {
	case "X25519MLKEM768":
		return stdlibHybrid{ecdh.X25519(), false, true, mlkem.EncapsulationKeySize768, mlkem.CiphertextSize768}
	case "SecP256r1MLKEM768":
		return stdlibHybrid{ecdh.P256(), false, false, mlkem.EncapsulationKeySize768, mlkem.CiphertextSize768}
	default:
		return stdlibHybrid{ecdh.P384(), true, false, mlkem.EncapsulationKeySize1024, mlkem.CiphertextSize1024}
	}
}

func (h stdlibHybrid) cat(pq, ec []byte) []byte {
	if h.pqFirst {
		return append(append([]byte{}, pq...), ec...)
	}
	return append(append([]byte{}, ec...), pq...)
}

func (h stdlibHybrid) cut(b []byte, pqLen int) (pq, ec []byte) {
	if h.pqFirst {
		return b[:pqLen], b[pqLen:]
	}
	return b[len(b)-pqLen:], b[:len(b)-pqLen]
}

// client returns a client key share and a function that completes the
// exchange from the server's share.
func (h stdlibHybrid) client(t *testing.T) (share []byte, finish func(serverShare []byte) []byte) {
	var pq crypto.Decapsulator
	var err error
	if h.is1024 {
		pq, err = mlkem.GenerateKey1024()
	} else {
		pq, err = mlkem.GenerateKey768()
	}
	if err != nil {
		t.Fatal(err)
	}
	ec, err := h.curve.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return h.cat(pq.Encapsulator().Bytes(), ec.PublicKey().Bytes()), func(serverShare []byte) []byte {
		ctPQ, ctEC := h.cut(serverShare, h.ctSize)
		ssPQ, err := pq.Decapsulate(ctPQ)
		if err != nil {
			t.Fatal(err)
		}
		peer, err := h.curve.NewPublicKey(ctEC)
		if err != nil {
			t.Fatal(err)
		}
		ssEC, err := ec.ECDH(peer)
		if err != nil {
			t.Fatal(err)
		}
		return h.cat(ssPQ, ssEC)
	}
}

// server answers a client key share with its own share and the secret.
func (h stdlibHybrid) server(t *testing.T, clientShare []byte) (serverShare, secret []byte) {
	ekPQ, ekEC := h.cut(clientShare, h.ekSize)
	var pq crypto.Encapsulator
	var err error
	if h.is1024 {
		pq, err = mlkem.NewEncapsulationKey1024(ekPQ)
	} else {
		pq, err = mlkem.NewEncapsulationKey768(ekPQ)
	}
	if err != nil {
		t.Fatal(err)
	}
	peer, err := h.curve.NewPublicKey(ekEC)
	if err != nil {
		t.Fatal(err)
	}
	eph, err := h.curve.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ssEC, err := eph.ECDH(peer)
	if err != nil {
		t.Fatal(err)
	}
	ssPQ, ctPQ := pq.Encapsulate()
	return h.cat(ctPQ, eph.PublicKey().Bytes()), h.cat(ssPQ, ssEC)
}

// TestTLSHybridInterop runs each TLS hybrid against the same construction
// assembled from crypto/mlkem and crypto/ecdh, in both directions.
func TestTLSHybridInterop(t *testing.T) {
	for _, s := range []Scheme{X25519MLKEM768(), SecP256r1MLKEM768(), SecP384r1MLKEM1024()} {
		t.Run(s.Name(), func(t *testing.T) {
			ref := stdlibHybridOf(s)
			n := runs(t, 1000)
			for range n {
				// Their client, our server.
				share, finish := ref.client(t)
				ek, err := s.NewEncapsulationKey(share)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ek.Bytes(), share) {
					t.Fatal("client share does not round-trip")
				}
				ss, ct := ek.Encapsulate()
				if len(ct) != s.CiphertextSize() || len(ss) != s.SharedKeySize() {
					t.Fatal("wrong sizes")
				}
				if got := finish(ct); !bytes.Equal(got, ss) {
					t.Fatal("our server, their client: secrets differ")
				}

				// Our client, their server.
				dk, err := s.GenerateKey()
				if err != nil {
					t.Fatal(err)
				}
				serverShare, secret := ref.server(t, dk.Encapsulator().Bytes())
				got, err := dk.Decapsulate(serverShare)
				if err != nil || !bytes.Equal(got, secret) {
					t.Fatalf("our client, their server: secrets differ (%v)", err)
				}
			}
			t.Logf("%d runs in each direction", n)
		})
	}
}

// TestMLKEMStdlibInterop checks ML-KEM-768/1024 against crypto/mlkem both
// ways, and that Encapsulator returns crypto/mlkem's type.
func TestMLKEMStdlibInterop(t *testing.T) {
	for range runs(t, 200) {
		ours, err := GenerateKey768()
		if err != nil {
			t.Fatal(err)
		}
		std, err := mlkem.NewDecapsulationKey768(ours.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ours.Encapsulator().(*mlkem.EncapsulationKey768); !ok {
			t.Fatal("Encapsulator() is not *mlkem.EncapsulationKey768")
		}
		var m [32]byte
		rand.Read(m[:])
		ss1, ct1, err := ours.EncapsulationKey().EncapsulateDeterministicForTesting(m[:])
		if err != nil {
			t.Fatal(err)
		}
		ss2, ct2, err := mlkemtest.Encapsulate768(std.EncapsulationKey(), m[:])
		if err != nil || !bytes.Equal(ss1, ss2) || !bytes.Equal(ct1, ct2) {
			t.Fatal("deterministic encapsulation differs from crypto/mlkem")
		}
		ss, ct := std.EncapsulationKey().Encapsulate()
		if got, err := ours.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatal("crypto/mlkem → ours failed")
		}
		ss, ct = ours.EncapsulationKey().Encapsulate()
		if got, err := std.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatal("ours → crypto/mlkem failed")
		}

		ours1024, err := GenerateKey1024()
		if err != nil {
			t.Fatal(err)
		}
		std1024, err := mlkem.NewDecapsulationKey1024(ours1024.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ours1024.Encapsulator().(*mlkem.EncapsulationKey1024); !ok {
			t.Fatal("Encapsulator() is not *mlkem.EncapsulationKey1024")
		}
		ss, ct = std1024.EncapsulationKey().Encapsulate()
		if got, err := ours1024.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatal("crypto/mlkem → ours failed (1024)")
		}
		ss, ct = ours1024.EncapsulationKey().Encapsulate()
		if got, err := std1024.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatal("ours → crypto/mlkem failed (1024)")
		}
	}
}

// TestMLKEM512Circl checks ML-KEM-512 against circl: keys, deterministic
// encapsulation, and decapsulation of valid and corrupted ciphertexts.
func TestMLKEM512Circl(t *testing.T) {
	s := circl512.Scheme()
	for range runs(t, 500) {
		seed := make([]byte, SeedSize)
		rand.Read(seed)
		ours, err := NewDecapsulationKey512(seed)
		if err != nil {
			t.Fatal(err)
		}
		pk, sk := s.DeriveKeyPair(seed)
		pkBytes, _ := pk.MarshalBinary()
		skBytes, _ := sk.MarshalBinary()
		if !bytes.Equal(ours.EncapsulationKey().Bytes(), pkBytes) || !bytes.Equal(ours.ExpandedBytes(), skBytes) {
			t.Fatal("keys differ from circl")
		}
		m := make([]byte, 32)
		rand.Read(m)
		ss, ct, err := ours.EncapsulationKey().EncapsulateDeterministicForTesting(m)
		if err != nil {
			t.Fatal(err)
		}
		ct2, ss2, err := s.EncapsulateDeterministically(pk, m)
		if err != nil || !bytes.Equal(ct, ct2) || !bytes.Equal(ss, ss2) {
			t.Fatal("encapsulation differs from circl")
		}
		ct[len(ct)/2] ^= 0x40
		got, err := ours.Decapsulate(ct)
		want, err2 := s.Decapsulate(sk, ct)
		if err != nil || err2 != nil || !bytes.Equal(got, want) || bytes.Equal(got, ss) {
			t.Fatal("implicit rejection differs from circl")
		}
	}
}

// TestXWingInterop checks X-Wing against circl's kem/xwing (keys,
// deterministic encapsulation, decapsulation) and against crypto/hpke's
// MLKEM768X25519, which is the same KEM: the same seed gives the same
// public key there.
func TestXWingInterop(t *testing.T) {
	s := circlxwing.Scheme()
	for range runs(t, 500) {
		seed := make([]byte, XWingSeedSize)
		rand.Read(seed)
		ours, err := NewXWingDecapsulationKey(seed)
		if err != nil {
			t.Fatal(err)
		}
		pk, sk := s.DeriveKeyPair(seed)
		pkBytes, _ := pk.MarshalBinary()
		if !bytes.Equal(ours.EncapsulationKey().Bytes(), pkBytes) {
			t.Fatal("public key differs from circl")
		}
		hpkeKey, err := hpke.MLKEM768X25519().NewPrivateKey(seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(hpkeKey.PublicKey().Bytes(), pkBytes) {
			t.Fatal("public key differs from crypto/hpke")
		}
		eseed := make([]byte, XWingEncapsulationSeed)
		rand.Read(eseed)
		ss, ct, err := ours.EncapsulationKey().EncapsulateDeterministicForTesting(eseed)
		if err != nil {
			t.Fatal(err)
		}
		ct2, ss2, err := s.EncapsulateDeterministically(pk, eseed)
		if err != nil || !bytes.Equal(ct, ct2) || !bytes.Equal(ss, ss2) {
			t.Fatal("encapsulation differs from circl")
		}
		ct2, ss2, err = s.Encapsulate(pk)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ours.Decapsulate(ct2); err != nil || !bytes.Equal(got, ss2) {
			t.Fatal("circl → ours failed")
		}
		ct[0] ^= 1
		got, _ := ours.Decapsulate(ct)
		want, _ := s.Decapsulate(sk, ct)
		if !bytes.Equal(got, want) {
			t.Fatal("implicit rejection differs from circl")
		}
	}
}

// countingDecapsulator counts the decapsulations that reach our key.
type countingDecapsulator struct {
	*DecapsulationKey768
	n *atomic.Int64
}

func (c countingDecapsulator) Decapsulate(ct []byte) ([]byte, error) {
	c.n.Add(1)
	return c.DecapsulationKey768.Decapsulate(ct)
}

// TestHPKE seals with crypto/hpke to our keys and opens with our keys inside
// crypto/hpke, for ML-KEM-768, ML-KEM-1024 and X-Wing (MLKEM768-X25519).
func TestHPKE(t *testing.T) {
	kdf, aead := hpke.HKDFSHA256(), hpke.AES256GCM()
	info, msg := []byte("crystals hpke test"), []byte("post-quantum hello")
	roundTrip := func(t *testing.T, kem hpke.KEM, pubBytes []byte, priv hpke.PrivateKey) {
		t.Helper()
		pub, err := kem.NewPublicKey(pubBytes)
		if err != nil {
			t.Fatal(err)
		}
		sealed, err := hpke.Seal(pub, kdf, aead, info, msg)
		if err != nil {
			t.Fatal(err)
		}
		opened, err := hpke.Open(priv, kdf, aead, info, sealed)
		if err != nil || !bytes.Equal(opened, msg) {
			t.Fatalf("open: %v", err)
		}
	}

	t.Run("ML-KEM-768", func(t *testing.T) {
		var n atomic.Int64
		dk, err := GenerateKey768()
		if err != nil {
			t.Fatal(err)
		}
		priv, err := hpke.NewMLKEMPrivateKey(countingDecapsulator{dk, &n})
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, hpke.MLKEM768(), dk.EncapsulationKey().Bytes(), priv)
		// A key without a seed, which crypto/mlkem cannot represent, works too.
		expanded, err := NewExpandedDecapsulationKey768(dk.ExpandedBytes())
		if err != nil {
			t.Fatal(err)
		}
		priv, err = hpke.NewMLKEMPrivateKey(countingDecapsulator{expanded, &n})
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, hpke.MLKEM768(), dk.EncapsulationKey().Bytes(), priv)
		if n.Load() != 2 {
			t.Fatalf("%d decapsulations ran in our engine, want 2", n.Load())
		}
	})
	t.Run("ML-KEM-1024", func(t *testing.T) {
		dk, err := GenerateKey1024()
		if err != nil {
			t.Fatal(err)
		}
		priv, err := hpke.NewMLKEMPrivateKey(dk)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, hpke.MLKEM1024(), dk.EncapsulationKey().Bytes(), priv)
	})
	t.Run("X-Wing", func(t *testing.T) {
		var n atomic.Int64
		dk, err := GenerateKeyXWing()
		if err != nil {
			t.Fatal(err)
		}
		priv, err := dk.HPKEPrivateKey()
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, hpke.MLKEM768X25519(), dk.EncapsulationKey().Bytes(), priv)
		counted, err := hpke.NewHybridPrivateKey(countingDecapsulator{dk.MLKEM(), &n}, dk.X25519())
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, hpke.MLKEM768X25519(), dk.EncapsulationKey().Bytes(), counted)
		if n.Load() != 1 {
			t.Fatalf("%d decapsulations ran in our engine, want 1", n.Load())
		}
	})
}
