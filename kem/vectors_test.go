package kem

import (
	"bytes"
	"crypto/ecdh"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/mlkemvectors"
)

// publicAPI drives the exported ML-KEM API for the shared vector runners.
type publicAPI struct{}

// mlkemDecapsulationKey is what the three DecapsulationKey types share.
type mlkemDecapsulationKey interface {
	DecapsulationKey
	ExpandedBytes() []byte
}

func newDecapsulationKey(set string, seed []byte) (mlkemDecapsulationKey, error) {
	switch set {
	case "ML-KEM-512":
		return orNil(NewDecapsulationKey512(seed))
	case "ML-KEM-768":
		return orNil(NewDecapsulationKey768(seed))
	default:
		return orNil(NewDecapsulationKey1024(seed))
	}
}

func newExpandedDecapsulationKey(set string, dk []byte) (mlkemDecapsulationKey, error) {
	switch set {
	case "ML-KEM-512":
		return orNil(NewExpandedDecapsulationKey512(dk))
	case "ML-KEM-768":
		return orNil(NewExpandedDecapsulationKey768(dk))
	default:
		return orNil(NewExpandedDecapsulationKey1024(dk))
	}
}

func orNil[K mlkemDecapsulationKey](k K, err error) (mlkemDecapsulationKey, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}

func (publicAPI) KeyGen(set string, seed []byte) (ek, dk []byte, err error) {
	key, err := newDecapsulationKey(set, seed)
	if err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(key.Bytes(), seed) {
		return nil, nil, errors.New("Bytes() is not the seed")
	}
	return key.Encapsulator().Bytes(), key.ExpandedBytes(), nil
}

func (publicAPI) Encapsulate(set string, ek, m []byte) (sharedKey, c []byte, err error) {
	key, err := SchemeByName(set).NewEncapsulationKey(ek)
	if err != nil {
		return nil, nil, err
	}
	return key.EncapsulateDeterministicForTesting(m)
}

func decapsulate(key mlkemDecapsulationKey, c []byte) (ek, sharedKey []byte, err error) {
	sharedKey, err = key.Decapsulate(c)
	if err != nil {
		return nil, nil, err
	}
	return key.Encapsulator().Bytes(), sharedKey, nil
}

func (publicAPI) DecapsulateExpanded(set string, dk, c []byte) (ek, sharedKey []byte, err error) {
	key, err := newExpandedDecapsulationKey(set, dk)
	if err != nil {
		return nil, nil, err
	}
	if key.Bytes() != nil {
		return nil, nil, errors.New("an expanded key claims a seed")
	}
	return decapsulate(key, c)
}

func (publicAPI) DecapsulateSeed(set string, seed, c []byte) (ek, sharedKey []byte, err error) {
	key, err := newDecapsulationKey(set, seed)
	if err != nil {
		return nil, nil, err
	}
	return decapsulate(key, c)
}

func (publicAPI) CheckEncapsulationKey(set string, ek []byte) error {
	_, err := SchemeByName(set).NewEncapsulationKey(ek)
	return err
}

func (publicAPI) CheckDecapsulationKey(set string, dk []byte) error {
	_, err := newExpandedDecapsulationKey(set, dk)
	return err
}

func TestACVP(t *testing.T)       { mlkemvectors.ACVP(t, publicAPI{}) }
func TestWycheproof(t *testing.T) { mlkemvectors.Wycheproof(t, publicAPI{}) }
func TestCCTV(t *testing.T)       { mlkemvectors.CCTV(t, publicAPI{}) }

// TestXWingVectors runs the three vectors of draft-connolly-cfrg-xwing-kem:
// seed → sk, pk; EncapsulateDerand(pk, eseed) → ct, ss; Decaps(sk, ct) → ss.
func TestXWingVectors(t *testing.T) {
	const name = "xwing/test-vectors.json"
	var tvs []struct {
		Seed, SK, PK, ESeed, CT, SS mlkemvectors.HexBytes
	}
	vectors.ReadJSON(t, name, &tvs)
	counter := vectors.NewCounter(t)
	counter.File(name)
	for i, tv := range tvs {
		dk, err := NewXWingDecapsulationKey(tv.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dk.Bytes(), tv.SK) || !bytes.Equal(dk.EncapsulationKey().Bytes(), tv.PK) {
			t.Errorf("vector %d: key mismatch", i)
		}
		ek, err := NewXWingEncapsulationKey(tv.PK)
		if err != nil {
			t.Fatal(err)
		}
		ss, ct, err := ek.EncapsulateDeterministicForTesting(tv.ESeed)
		if err != nil || !bytes.Equal(ct, tv.CT) || !bytes.Equal(ss, tv.SS) {
			t.Errorf("vector %d: encapsulation mismatch (%v)", i, err)
		}
		if ss, err := dk.Decapsulate(tv.CT); err != nil || !bytes.Equal(ss, tv.SS) {
			t.Errorf("vector %d: decapsulation mismatch (%v)", i, err)
		}
		counter.Add(name)
	}
}

// TestWycheproofX25519 runs Wycheproof's X25519 file through the X25519 half
// of X25519MLKEM768: the test's private key becomes the hybrid key's X25519
// key, its public key the server share's X25519 part. The second half of the
// shared secret must be the expected one, and an all-zero X25519 secret must
// be an error, in decapsulation and when the public key is imported as a
// client share. The low-order check on import must agree with the file.
func TestWycheproofX25519(t *testing.T) {
	const name = "wycheproof/testvectors_v1/x25519_test.json.gz"
	var f struct {
		TestGroups []struct {
			Curve string `json:"curve"`
			Tests []struct {
				TcID    int                   `json:"tcId"`
				Public  mlkemvectors.HexBytes `json:"public"`
				Private mlkemvectors.HexBytes `json:"private"`
				Shared  mlkemvectors.HexBytes `json:"shared"`
				Result  string                `json:"result"`
				Flags   []string              `json:"flags"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	vectors.ReadJSON(t, name, &f)
	counter := vectors.NewCounter(t)
	counter.File(name)

	pq, err := NewDecapsulationKey768(make([]byte, SeedSize))
	if err != nil {
		t.Fatal(err)
	}
	_, ctPQ := pq.EncapsulationKey().Encapsulate()
	ssPQ, err := pq.Decapsulate(ctPQ)
	if err != nil {
		t.Fatal(err)
	}
	zero := make([]byte, 32)
	for _, g := range f.TestGroups {
		if g.Curve != "curve25519" {
			t.Fatalf("curve %q", g.Curve)
		}
		for _, tc := range g.Tests {
			priv, err := ecdh.X25519().NewPrivateKey(tc.Private)
			if err != nil {
				t.Fatalf("tcId %d: %v", tc.TcID, err)
			}
			dk, err := NewHybridDecapsulationKey(X25519MLKEM768(), pq, priv)
			if err != nil {
				t.Fatal(err)
			}
			ct := append(append([]byte{}, ctPQ...), tc.Public...)
			ss, err := dk.Decapsulate(ct)
			lowOrder := bytes.Equal(tc.Shared, zero)
			switch {
			case lowOrder:
				if !errors.Is(err, ErrX25519LowOrder) {
					t.Errorf("tcId %d: all-zero X25519 secret not rejected: %v", tc.TcID, err)
				}
			case tc.Result == "invalid":
				if err == nil {
					t.Errorf("tcId %d: invalid case accepted", tc.TcID)
				}
			default: // valid, or acceptable with a non-zero secret
				if err != nil || !bytes.Equal(ss, append(append([]byte{}, ssPQ...), tc.Shared...)) {
					t.Errorf("tcId %d: got %x, %v", tc.TcID, ss, err)
				}
			}
			if x25519LowOrder(tc.Public) != lowOrder {
				t.Errorf("tcId %d: low-order check says %v, file says shared=%x", tc.TcID, !lowOrder, tc.Shared)
			}
			share := append(pq.EncapsulationKey().Bytes(), tc.Public...)
			if _, err := X25519MLKEM768().NewEncapsulationKey(share); lowOrder != errors.Is(err, ErrX25519LowOrder) {
				t.Errorf("tcId %d: client share import: %v", tc.TcID, err)
			}
			counter.Add(name)
		}
	}
}

// TestX25519LowOrderList checks that every listed point really is of low
// order: crypto/ecdh refuses the all-zero result it gives.
func TestX25519LowOrderList(t *testing.T) {
	priv, err := ecdh.X25519().GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range x25519LowOrderPoints {
		for _, top := range []byte{0, 0x80} {
			u := p
			u[31] |= top
			pub, err := ecdh.X25519().NewPublicKey(u[:])
			if err != nil {
				t.Fatal(err)
			}
			if _, err := priv.ECDH(pub); err == nil {
				t.Errorf("point %d (top bit %x) is not of low order", i, top)
			}
			if !x25519LowOrder(u[:]) {
				t.Errorf("point %d (top bit %x) not detected", i, top)
			}
		}
	}
}
