package nccsign

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"errors"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/kpqcvectors"
)

var allParams = []Parameters{NCCSign1(), NCCSign3(), NCCSign5()}

func seedFor(b int) []byte {
	s := make([]byte, SeedSize)
	for i := range s {
		s[i] = byte(b + i)
	}
	return s
}

var _ crypto.Signer = (*PrivateKey)(nil)

// TestSizes checks the sets' encoding lengths against the reference's api.h.
func TestSizes(t *testing.T) {
	want := [][3]int{{1984, 2800, 3186}, {2443, 3914, 4251}, {3091, 4940, 5385}}
	for i, params := range allParams {
		got := [3]int{params.PublicKeySize(), params.PrivateKeySize(), params.SignatureSize()}
		if got != want[i] {
			t.Errorf("%s: sizes %v, want %v", params, got, want[i])
		}
	}
	if (Parameters{}).String() != "invalid" || (Parameters{}).SignatureSize() != 0 {
		t.Error("the zero Parameters is not reported as invalid")
	}
}

// TestKnownAnswer checks the first record of each KAT file through this
// package: GenerateKey on the record's DRBG, then Sign and Verify (the
// engine's tests run every record).
func TestKnownAnswer(t *testing.T) {
	count := vectors.NewCounter(t)
	for i, name := range []string{"2800", "3914", "4940"} {
		file := "kpqc/ncc-sign-nc/PQCsignKAT_" + name + ".rsp.gz"
		count.File(file)
		r := kpqcvectors.ReadRecords(t, file)[0]
		sk, err := GenerateKey(allParams[i], kpqcvectors.NewDRBG(r.Seed(t)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sk.Bytes(), r.Fields["sk"]) || !bytes.Equal(sk.PublicKey().Bytes(), r.Fields["pk"]) {
			t.Fatalf("%s: keys differ", file)
		}
		msg := r.Fields["msg"]
		sig, err := sk.Sign(nil, msg, crypto.Hash(0))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(append(sig, msg...), r.Fields["sm"]) {
			t.Fatalf("%s: sm differs", file)
		}
		if err := Verify(sk.PublicKey(), msg, sig); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		count.Add(file)
	}
}

// TestRoundTrip checks seed-based generation, deterministic signing, the
// decoders and Equal on every set.
func TestRoundTrip(t *testing.T) {
	for i, params := range allParams {
		sk, err := NewPrivateKeyFromSeed(params, seedFor(i))
		if err != nil {
			t.Fatal(err)
		}
		again, _ := NewPrivateKeyFromSeed(params, seedFor(i))
		if !sk.Equal(again) || !sk.PublicKey().Equal(again.Public()) {
			t.Fatalf("%s: the same seed gave different keys", params)
		}
		other, _ := NewPrivateKeyFromSeed(params, seedFor(i+9))
		if sk.Equal(other) || sk.PublicKey().Equal(other.PublicKey()) {
			t.Fatalf("%s: different seeds gave equal keys", params)
		}
		msg := []byte("round trip")
		s1, _ := sk.Sign(nil, msg, nil)
		s2, _ := again.Sign(nil, msg, nil)
		if !bytes.Equal(s1, s2) || len(s1) != params.SignatureSize() {
			t.Fatalf("%s: signing is not deterministic or has the wrong length", params)
		}
		sk2, err := NewPrivateKey(params, sk.Bytes())
		if err != nil || !sk2.Equal(sk) || !sk2.PublicKey().Equal(sk.PublicKey()) {
			t.Fatalf("%s: private key round trip: %v", params, err)
		}
		pk2, err := NewPublicKey(params, sk.PublicKey().Bytes())
		if err != nil || !pk2.Equal(sk.PublicKey()) || pk2.Parameters() != params {
			t.Fatalf("%s: public key round trip: %v", params, err)
		}
		if err := Verify(pk2, msg, s1); err != nil {
			t.Fatalf("%s: %v", params, err)
		}
		if err := Verify(other.PublicKey(), msg, s1); !errors.Is(err, ErrVerification) {
			t.Fatalf("%s: signature verified under another key: %v", params, err)
		}
		bad := bytes.Clone(s1)
		bad[100] ^= 4
		if err := Verify(pk2, msg, bad); !errors.Is(err, ErrVerification) {
			t.Fatalf("%s: tampered signature: %v", params, err)
		}
	}
}

// TestErrors checks the messages of bad sizes, encodings and options.
func TestErrors(t *testing.T) {
	p := NCCSign1()
	cases := []struct {
		err  error
		want string
	}{
		{second(NewPublicKey(p, make([]byte, 10))), "NCC-Sign-NC-1 public key is 10 bytes, want 1984"},
		{second(NewPrivateKey(p, make([]byte, 10))), "NCC-Sign-NC-1 private key is 10 bytes, want 2800"},
		{second(NewPrivateKeyFromSeed(p, make([]byte, 10))), "seed is 10 bytes, want 64"},
		{second(NewPrivateKey(p, bytes.Repeat([]byte{0xff}, 2800))), "non-canonical encoding"},
		{second(NewPublicKey(Parameters{}, nil)), "invalid (zero) parameter set"},
		{second(GenerateKey(p, nil)), "nil random source"},
		{second(GenerateKey(p, strings.NewReader("short"))), "reading randomness"},
		{Verify(nil, nil, nil), "nil or zero key"},
	}
	for _, c := range cases {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", c.err, c.want)
		}
	}
	sk, _ := NewPrivateKeyFromSeed(p, seedFor(1))
	if _, err := sk.Sign(nil, []byte("m"), crypto.SHA256); err == nil {
		t.Error("Sign with a hash option succeeded")
	}
	h := sha256.Sum256([]byte("m"))
	if _, err := new(PrivateKey).Sign(nil, h[:], nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero key Sign: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }
