package kem

import (
	"bytes"
	"crypto/sha3"
	"errors"
	"fmt"
	"testing"

	engine "github.com/crystals-go/crystals/internal/accel/smaug"
	"github.com/crystals-go/crystals/internal/fuzzedit"
	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/kpqcvectors"
)

var smaugSchemes = []*SMAUGTScheme{SMAUGT128(), SMAUGT192(), SMAUGT256()}

// TestSMAUGTKnownAnswers reproduces every record of the reference's KAT
// files through the public API: the key from the record's first 64 DRBG
// bytes (seed ‖ t), encapsulation with the next 32 (μ), the sk import, and
// decapsulation of the record's ciphertext.
func TestSMAUGTKnownAnswers(t *testing.T) {
	count := vectors.NewCounter(t)
	for _, c := range []struct {
		s    *SMAUGTScheme
		file string
	}{
		{SMAUGT128(), "kpqc/smaug-t/PQCkemKAT_832.rsp"},
		{SMAUGT192(), "kpqc/smaug-t/PQCkemKAT_1312.rsp"},
		{SMAUGT256(), "kpqc/smaug-t/PQCkemKAT_1728.rsp"},
	} {
		count.File(c.file)
		checkSMAUGTRecords(t, c.s, c.file, kpqcvectors.ReadRecords(t, c.file), count)
	}
}

// TestTiMERKnownAnswers is TestSMAUGTKnownAnswers for a TiMER KAT file made
// by the reference TiMER code (see kpqcvectors.EnvTiMER); it skips without
// one.
func TestTiMERKnownAnswers(t *testing.T) {
	path, records := kpqcvectors.ReadTiMERRecords(t)
	count := vectors.NewCounter(t)
	count.File(path)
	checkSMAUGTRecords(t, TiMER(), path, records, count)
}

// checkSMAUGTRecords checks the records of one file through the public API.
func checkSMAUGTRecords(t *testing.T, s *SMAUGTScheme, file string, records []kpqcvectors.Record, count *vectors.Counter) {
	t.Helper()
	for _, r := range records {
		name := fmt.Sprintf("%s record %d", file, r.Count)
		d := kpqcvectors.NewDRBG(r.Seed(t))
		seed, mu := make([]byte, SMAUGTSeedSize), make([]byte, s.EncapsulationSeedSize())
		d.Read(seed[:32])
		d.Read(seed[32:])
		d.Read(mu)

		dk, err := s.NewDecapsulationKey(seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dk.Encapsulator().Bytes(), r.Fields["pk"]) ||
			!bytes.Equal(dk.(*SMAUGTDecapsulationKey).SecretKeyBytes(), r.Fields["sk"]) ||
			!bytes.Equal(dk.Bytes(), seed) {
			t.Fatalf("%s: pk, sk or seed differ", name)
		}
		ek, err := s.NewEncapsulationKey(r.Fields["pk"])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ss, ct, err := ek.EncapsulateDeterministicForTesting(mu)
		if err != nil || !bytes.Equal(ct, r.Fields["ct"]) || !bytes.Equal(ss, r.Fields["ss"]) {
			t.Fatalf("%s: ct or ss differ (%v)", name, err)
		}
		imported, err := s.NewDecapsulationKeyFromBytes(r.Fields["sk"])
		if err != nil {
			t.Fatalf("%s: import sk: %v", name, err)
		}
		if imported.Bytes() != nil {
			t.Fatalf("%s: a key imported from sk returned a seed", name)
		}
		got, err := imported.Decapsulate(r.Fields["ct"])
		if err != nil || !bytes.Equal(got, r.Fields["ss"]) {
			t.Fatalf("%s: decapsulation: %v", name, err)
		}
		count.Add(file)
	}
}

// smaugRejectionKey computes the implicit-rejection key of ct from sk's
// bytes alone, as the reference's crypto_kem_dec does: the second half of
// SHAKE256(sk[64k+2k:][:32] ‖ SHA3-256(ct)).
func smaugRejectionKey(k int, sk, ct []byte) []byte {
	off := 64*k + 2*k
	h := sha3.Sum256(ct)
	x := sha3.NewSHAKE256()
	x.Write(sk[off : off+32])
	x.Write(h[:])
	out := make([]byte, 64)
	x.Read(out)
	return out[32:]
}

func TestSMAUGTImplicitRejection(t *testing.T) {
	for i, s := range smaugSchemes {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		sk := dk.(*SMAUGTDecapsulationKey).SecretKeyBytes()
		ss, ct := dk.Encapsulator().Encapsulate()
		if got, err := dk.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatalf("%s: round trip: %v", s.Name(), err)
		}
		for _, pos := range []int{0, len(ct) / 2, len(ct) - 1} {
			bad := bytes.Clone(ct)
			bad[pos] ^= 1
			got, err := dk.Decapsulate(bad)
			if err != nil {
				t.Fatal(err)
			}
			if want := smaugRejectionKey(i+2, sk, bad); !bytes.Equal(got, want) {
				t.Fatalf("%s: tampered byte %d: %x, want the implicit-rejection key %x", s.Name(), pos, got, want)
			}
		}
	}
}

func TestSMAUGTBadInput(t *testing.T) {
	for _, s := range smaugSchemes {
		if SchemeByName(s.Name()) != s {
			t.Errorf("%s: not in the registry", s.Name())
		}
		if _, err := s.NewDecapsulationKey(make([]byte, SMAUGTSeedSize-1)); !errors.Is(err, ErrSeedLength) {
			t.Errorf("%s: short seed: %v", s.Name(), err)
		}
		if _, err := s.NewEncapsulationKey(make([]byte, s.EncapsulationKeySize()+1)); !errors.Is(err, ErrEncapsulationKeyLength) {
			t.Errorf("%s: long pk: %v", s.Name(), err)
		}
		if _, err := s.NewDecapsulationKeyFromBytes(make([]byte, s.DecapsulationKeySize()-1)); !errors.Is(err, ErrDecapsulationKeyLength) {
			t.Errorf("%s: short sk: %v", s.Name(), err)
		}
		if _, err := s.NewDecapsulationKeyFromBytes(make([]byte, s.DecapsulationKeySize())); !errors.Is(err, ErrDecapsulationKeySecret) {
			t.Errorf("%s: all-zero sk: %v", s.Name(), err)
		}
		dk, _ := s.GenerateKey()
		sk := dk.(*SMAUGTDecapsulationKey).SecretKeyBytes()
		bad := bytes.Clone(sk)
		bad[len(bad)-1] ^= 0xff // the top byte of b's last coefficient, not s's partner
		bad[len(bad)-300] ^= 0x80
		if _, err := s.NewDecapsulationKeyFromBytes(bad); !errors.Is(err, ErrDecapsulationKeyPairwise) {
			t.Errorf("%s: pk not matching s: %v", s.Name(), err)
		}
		if _, err := dk.Decapsulate(make([]byte, s.CiphertextSize()+1)); !errors.Is(err, ErrCiphertextLength) {
			t.Errorf("%s: long ciphertext: %v", s.Name(), err)
		}
		long, valid := make([]byte, s.CiphertextSize()+1), make([]byte, s.CiphertextSize())
		// A rejected ciphertext allocates its error and nothing else.
		errAllocs := testing.AllocsPerRun(10, func() { _ = schemeError(s.Name(), smaugError(engine.ErrCiphertextLength)) })
		if allocs := testing.AllocsPerRun(10, func() { _, _ = dk.Decapsulate(long) }); allocs != errAllocs {
			t.Errorf("%s: a rejected ciphertext costs %v allocations, want %v (its error's)", s.Name(), allocs, errAllocs)
		}
		if allocs := testing.AllocsPerRun(10, func() { _, _ = dk.Decapsulate(valid) }); allocs != 1 {
			t.Errorf("%s: Decapsulate allocates %v times, want 1 (the key)", s.Name(), allocs)
		}
		if _, _, err := dk.PublicKey().EncapsulateDeterministicForTesting(make([]byte, 31)); !errors.Is(err, ErrRandomnessLength) {
			t.Errorf("%s: short μ: %v", s.Name(), err)
		}
		var zero SMAUGTDecapsulationKey
		if _, err := zero.Decapsulate(make([]byte, s.CiphertextSize())); err == nil {
			t.Errorf("%s: the zero key decapsulated", s.Name())
		}
		if zero.Bytes() != nil || zero.SecretKeyBytes() != nil || zero.PublicKey() != nil {
			t.Errorf("%s: the zero key has bytes or a public key", s.Name())
		}
		if _, _, err := new(SMAUGTEncapsulationKey).EncapsulateDeterministicForTesting(make([]byte, 32)); !errors.Is(err, ErrZeroKey) {
			t.Errorf("%s: the zero key encapsulated", s.Name())
		}
	}
}

// FuzzSMAUGTDecapsulationKeyFromBytes takes a scheme (in smaugSchemes order)
// and a program of edits (fuzzedit) applied to a valid sk made once, outside
// f.Fuzz, rather than the 0.8-1.8 KB sk itself, which the fuzzer spent its
// time minimizing.
func FuzzSMAUGTDecapsulationKeyFromBytes(f *testing.F) {
	sks := make([][]byte, len(smaugSchemes))
	for i, s := range smaugSchemes {
		dk, err := s.NewDecapsulationKey(bytes.Repeat([]byte{byte(i)}, SMAUGTSeedSize))
		if err != nil {
			f.Fatal(err)
		}
		sks[i] = dk.(*SMAUGTDecapsulationKey).SecretKeyBytes()
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), fuzzedit.Op(2, len(sks[i])-1, 0))
		f.Add(uint8(i), fuzzedit.Op(0, 0, 0x01))
		f.Add(uint8(i), fuzzedit.Op(0, len(sks[i])-1, 0x80))
	}
	f.Fuzz(func(t *testing.T, i uint8, prog []byte) {
		k := int(i) % len(smaugSchemes)
		s := smaugSchemes[k]
		sk := fuzzedit.Apply(sks[k], prog)
		dk, err := s.NewDecapsulationKeyFromBytes(sk)
		if err != nil {
			if bytes.Equal(sk, sks[k]) {
				t.Fatalf("%s: unedited sk rejected: %v", s.Name(), err)
			}
			want := ErrDecapsulationKeyLength
			if len(sk) == len(sks[k]) {
				want = ErrDecapsulationKeySecret
				if !errors.Is(err, want) {
					want = ErrDecapsulationKeyPairwise
				}
			}
			if !errors.Is(err, want) {
				t.Fatalf("%s: sk of %d bytes: error %v", s.Name(), len(sk), err)
			}
			return
		}
		if len(sk) != len(sks[k]) {
			t.Fatalf("%s: sk of %d bytes accepted", s.Name(), len(sk))
		}
		if !bytes.Equal(dk.(*SMAUGTDecapsulationKey).SecretKeyBytes(), sk) {
			t.Fatal("accepted sk does not re-encode to its input")
		}
		ss, ct := dk.Encapsulator().Encapsulate()
		if got, err := dk.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatalf("accepted sk does not decapsulate its own ciphertexts: %v", err)
		}
	})
}
