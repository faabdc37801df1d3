package mldsa

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/mldsavectors"
)

func paramsByName(t *testing.T, name string) *Params {
	for _, p := range All() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("unknown parameter set %q", name)
	return nil
}

type (
	acvpGroup = mldsavectors.Group
	acvpTest  = mldsavectors.Test
)

func readACVP(t *testing.T, dir string) ([]acvpGroup, map[int]acvpTest) {
	return mldsavectors.Read(t, dir)
}

var groupName = mldsavectors.GroupName

// TestACVPKeyGen runs acvpKeyGen at every level.
func TestACVPKeyGen(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { acvpKeyGen(t) })
}

func acvpKeyGen(t *testing.T) {
	const dir = "ML-DSA-keyGen-FIPS204"
	groups, want := readACVP(t, dir)
	c := vectors.NewCounter(t)
	c.File(dir)
	c.File(dir + " (SetSeed)")
	for _, g := range groups {
		p := paramsByName(t, g.ParameterSet)
		// One key per group, set in place from every case's seed.
		var reused *PrivateKey
		for _, tc := range g.Tests {
			exp, ok := want[tc.TcID]
			if !ok {
				t.Fatalf("tcId %d: no expected result", tc.TcID)
			}
			sk := NewPrivateKeyFromSeed(p, (*[32]byte)(tc.Seed))
			if !bytes.Equal(sk.PublicKey().Bytes(), exp.PK) {
				t.Errorf("tcId %d: public key mismatch", tc.TcID)
			}
			enc := make([]byte, p.PrivateKeySize())
			sk.EncodeExpanded(enc)
			if !bytes.Equal(enc, exp.SK) {
				t.Errorf("tcId %d: expanded private key mismatch", tc.TcID)
			}
			if reused == nil {
				reused = NewPrivateKeyFromSeed(p, &[SeedSize]byte{})
			}
			reused.SetSeed((*[32]byte)(tc.Seed))
			reused.EncodeExpanded(enc)
			if !bytes.Equal(reused.PublicKey().Bytes(), exp.PK) || !bytes.Equal(enc, exp.SK) {
				t.Errorf("tcId %d: SetSeed's key mismatch", tc.TcID)
			}
			c.Add(dir + " (SetSeed)")
			sk2, err := NewPrivateKeyFromExpanded(p, exp.SK)
			if err != nil {
				t.Errorf("tcId %d: decoding the expected sk: %v", tc.TcID, err)
			} else if !sk2.Equal(sk) || !sk2.PublicKey().Equal(sk.PublicKey()) {
				t.Errorf("tcId %d: decoded sk differs from the generated one", tc.TcID)
			}
			c.Add(dir)
		}
	}
}

// acvpSign runs one sigGen case through the interface its group selects,
// checks the verifier accepts the result, and returns the signature.
func acvpSign(t *testing.T, p *Params, g *acvpGroup, tc *acvpTest) []byte {
	var sk *PrivateKey
	if g.KeyFormat == "seed" {
		sk = NewPrivateKeyFromSeed(p, (*[32]byte)(tc.Seed))
	} else {
		var err error
		if sk, err = NewPrivateKeyFromExpanded(p, tc.SK); err != nil {
			t.Fatalf("tcId %d: %v", tc.TcID, err)
		}
	}
	var rnd [RandomSize]byte
	if !g.Deterministic {
		copy(rnd[:], tc.Rnd)
	}
	sig := make([]byte, p.SignatureSize())
	pk := sk.PublicKey()
	var signErr, verifyErr error
	switch {
	case g.SignatureInterface == "internal" && g.ExternalMu:
		signErr = sk.SignMu(sig, (*[64]byte)(tc.Mu), &rnd)
		verifyErr = pk.VerifyMu((*[64]byte)(tc.Mu), sig)
	case g.SignatureInterface == "internal":
		signErr = sk.SignInternal(sig, tc.Message, &rnd)
		verifyErr = pk.VerifyInternal(tc.Message, sig)
	case g.PreHash == "preHash":
		ph, ok := PreHashByName(tc.HashAlg)
		if !ok {
			t.Fatalf("tcId %d: unknown hashAlg %q", tc.TcID, tc.HashAlg)
		}
		digest := ph.Digest(make([]byte, ph.Size()), tc.Message)
		signErr = sk.SignPreHash(sig, ph, digest, tc.Context, &rnd)
		verifyErr = pk.VerifyPreHash(ph, digest, tc.Context, sig)
	default:
		signErr = sk.Sign(sig, tc.Message, tc.Context, &rnd)
		verifyErr = pk.Verify(tc.Message, tc.Context, sig)
	}
	if signErr != nil {
		t.Fatalf("tcId %d: sign: %v", tc.TcID, signErr)
	}
	if verifyErr != nil {
		t.Errorf("tcId %d: our signature does not verify: %v", tc.TcID, verifyErr)
	}
	return sig
}

// TestACVPSigGen runs acvpSigGen at every level.
func TestACVPSigGen(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { acvpSigGen(t) })
}

func acvpSigGen(t *testing.T) {
	for _, dir := range []string{"ML-DSA-sigGen-FIPS204", "ML-DSA-sigGen-FIPS204-tr1"} {
		t.Run(dir, func(t *testing.T) {
			groups, want := readACVP(t, dir)
			c := vectors.NewCounter(t)
			c.File(dir)
			for gi := range groups {
				g := &groups[gi]
				p := paramsByName(t, g.ParameterSet)
				for ti := range g.Tests {
					tc := &g.Tests[ti]
					sig := acvpSign(t, p, g, tc)
					if !bytes.Equal(sig, want[tc.TcID].Signature) {
						t.Errorf("tcId %d (%s): signature mismatch", tc.TcID, groupName(g))
					}
					c.Add(dir)
					c.Add(dir + " " + groupName(g))
				}
			}
		})
	}
}

// TestACVPSigVer runs acvpSigVer at every level.
func TestACVPSigVer(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { acvpSigVer(t) })
}

func acvpSigVer(t *testing.T) {
	const dir = "ML-DSA-sigVer-FIPS204"
	groups, want := readACVP(t, dir)
	c := vectors.NewCounter(t)
	c.File(dir)
	for gi := range groups {
		g := &groups[gi]
		p := paramsByName(t, g.ParameterSet)
		for _, tc := range g.Tests {
			exp := want[tc.TcID]
			if exp.TestPassed == nil {
				t.Fatalf("tcId %d: no expected result", tc.TcID)
			}
			pk, err := NewPublicKey(p, tc.PK)
			if err != nil {
				t.Fatalf("tcId %d: %v", tc.TcID, err)
			}
			// μ as the group's interface defines it, for the one-shot path.
			var mu [MuSize]byte
			var tr [64]byte
			hashParts(tr[:], tc.PK) // tr = H(pk, 64) on the plain sponge, not carried
			switch {
			case g.SignatureInterface == "internal" && g.ExternalMu:
				err = pk.VerifyMu((*[64]byte)(tc.Mu), tc.Signature)
				copy(mu[:], tc.Mu)
			case g.SignatureInterface == "internal":
				err = pk.VerifyInternal(tc.Message, tc.Signature)
				ComputeMuInternal(&mu, &tr, tc.Message)
			case g.PreHash == "preHash":
				ph, ok := PreHashByName(tc.HashAlg)
				if !ok {
					t.Fatalf("tcId %d: unknown hashAlg %q", tc.TcID, tc.HashAlg)
				}
				digest := ph.Digest(make([]byte, ph.Size()), tc.Message)
				err = pk.VerifyPreHash(ph, digest, tc.Context, tc.Signature)
				if e := ComputeMuPreHash(&mu, &tr, ph, digest, tc.Context); e != nil {
					t.Fatal(e)
				}
			default:
				err = pk.Verify(tc.Message, tc.Context, tc.Signature)
				if e := ComputeMu(&mu, &tr, tc.Message, tc.Context); e != nil {
					t.Fatal(e)
				}
			}
			if got := err == nil; got != *exp.TestPassed {
				t.Errorf("tcId %d (%s): verify = %v, want %v", tc.TcID, groupName(g), err, *exp.TestPassed)
			}
			oneShot := VerifyEncodedMu(p, tc.PK, &mu, tc.Signature)
			if got := oneShot == nil; got != *exp.TestPassed {
				t.Errorf("tcId %d (%s): one-shot verify = %v, want %v", tc.TcID, groupName(g), oneShot, *exp.TestPassed)
			}
			// The one-shot path that hashes tr beside ExpandA must agree.
			var m *Message
			switch {
			case g.SignatureInterface == "internal":
			case g.PreHash == "preHash":
				ph, _ := PreHashByName(tc.HashAlg)
				digest := ph.Digest(make([]byte, ph.Size()), tc.Message)
				pm, e := NewPreHashMessage(ph, digest, tc.Context)
				if e != nil {
					t.Fatal(e)
				}
				m = &pm
			default:
				pm, e := NewMessage(tc.Message, tc.Context)
				if e != nil {
					t.Fatal(e)
				}
				m = &pm
			}
			if m != nil {
				oneShot = VerifyEncoded(p, tc.PK, m, tc.Signature)
				if got := oneShot == nil; got != *exp.TestPassed {
					t.Errorf("tcId %d (%s): one-shot verify with tr carried = %v, want %v", tc.TcID, groupName(g), oneShot, *exp.TestPassed)
				}
			}
			c.Add(dir)
			c.Add(dir + " " + groupName(g))
		}
	}
}

type (
	wycheproofFile  = mldsavectors.WycheproofFile
	wycheproofGroup = mldsavectors.WycheproofGroup
	wycheproofTest  = mldsavectors.WycheproofTest
)

func TestWycheproofSign(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { wycheproofSign(t) })
}

func wycheproofSign(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, name := range []string{"44", "65", "87"} {
		for _, kind := range []string{"seed", "noseed"} {
			file := "wycheproof/testvectors_v1/mldsa_" + name + "_sign_" + kind + "_test.json.gz"
			c.File(file)
			var f wycheproofFile
			vectors.ReadJSON(t, file, &f)
			p := paramsByName(t, f.Algorithm)
			for _, g := range f.TestGroups {
				for _, tc := range g.Tests {
					wycheproofSignCase(t, p, kind == "seed", &g, &tc)
					c.Add(file)
				}
			}
		}
	}
}

func wycheproofSignCase(t *testing.T, p *Params, seeded bool, g *wycheproofGroup, tc *wycheproofTest) {
	t.Helper()
	valid := tc.Result == "valid"
	fail := func(format string, args ...any) {
		t.Errorf("%s tcId %d (%s): %s", p.Name, tc.TcID, tc.Comment, fmt.Sprintf(format, args...))
	}
	var sk *PrivateKey
	if seeded {
		if len(g.PrivateSeed) != SeedSize {
			if valid {
				fail("seed of %d bytes in a valid case", len(g.PrivateSeed))
			}
			return // the signer API takes *[32]byte: wrong lengths cannot reach it
		}
		sk = NewPrivateKeyFromSeed(p, (*[32]byte)(g.PrivateSeed))
	} else {
		var err error
		sk, err = NewPrivateKeyFromExpanded(p, g.PrivateKey)
		if err != nil {
			if valid {
				fail("rejected the private key: %v", err)
			}
			return
		}
	}
	if g.PublicKey != nil && !bytes.Equal(sk.PublicKey().Bytes(), g.PublicKey) {
		fail("public key mismatch")
	}
	var rnd [RandomSize]byte
	copy(rnd[:], tc.Rnd)
	sig := make([]byte, p.SignatureSize())
	if tc.Msg != nil {
		var mu [MuSize]byte
		err := ComputeMu(&mu, sk.PublicKey().Tr(), *tc.Msg, tc.Ctx)
		if tc.Mu != nil && (err != nil || !bytes.Equal(mu[:], tc.Mu)) {
			fail("μ mismatch (err %v)", err)
		}
		err = sk.Sign(sig, *tc.Msg, tc.Ctx, &rnd)
		if err != nil {
			if valid {
				fail("sign: %v", err)
			}
			return
		}
		if err := sk.PublicKey().Verify(*tc.Msg, tc.Ctx, sig); err != nil {
			fail("own signature does not verify: %v", err)
		}
	}
	if tc.Mu != nil {
		sig2 := make([]byte, p.SignatureSize())
		if err := sk.SignMu(sig2, (*[64]byte)(tc.Mu), &rnd); err != nil {
			fail("sign μ: %v", err)
		}
		if tc.Msg != nil && !bytes.Equal(sig, sig2) {
			fail("signature from μ differs from the one from the message")
		}
		sig = sig2
		if err := sk.PublicKey().VerifyMu((*[64]byte)(tc.Mu), sig); err != nil {
			fail("own μ signature does not verify: %v", err)
		}
	}
	if !valid {
		fail("expected an error, signing succeeded")
		return
	}
	if !bytes.Equal(sig, tc.Sig) {
		fail("signature mismatch")
	}
}

func TestWycheproofVerify(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { wycheproofVerify(t) })
}

func wycheproofVerify(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, name := range []string{"44", "65", "87"} {
		file := "wycheproof/testvectors_v1/mldsa_" + name + "_verify_test.json.gz"
		c.File(file)
		var f wycheproofFile
		vectors.ReadJSON(t, file, &f)
		p := paramsByName(t, f.Algorithm)
		for _, g := range f.TestGroups {
			pk, pkErr := NewPublicKey(p, g.PublicKey)
			for _, tc := range g.Tests {
				err := pkErr
				if err == nil {
					err = pk.Verify(*tc.Msg, tc.Ctx, tc.Sig)
				}
				if got, want := err == nil, tc.Result == "valid"; got != want {
					t.Errorf("%s tcId %d (%s, %v): verify = %v, want valid=%v", p.Name, tc.TcID, tc.Comment, tc.Flags, err, want)
				}
				// The one-shot path, from the encoding, must agree.
				var m Message
				m, err = NewMessage(*tc.Msg, tc.Ctx)
				if err == nil {
					err = VerifyEncoded(p, g.PublicKey, &m, tc.Sig)
				}
				if got, want := err == nil, tc.Result == "valid"; got != want {
					t.Errorf("%s tcId %d (%s): one-shot verify = %v, want valid=%v", p.Name, tc.TcID, tc.Comment, err, want)
				}
				c.Add(file)
			}
		}
	}
}
