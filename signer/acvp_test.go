package signer

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/mldsavectors"
)

// The ACVP sigGen and sigVer groups that the public API can express:
// external/pure (with context), external/preHash (HashML-DSA, every hash)
// and internal/externalMu (external μ). The internal groups that sign a raw
// M′ have no public form; the engine's tests cover them.

type acvpGroup = mldsavectors.Group

var acvpHashes = map[string]crypto.Hash{
	"SHA2-224": crypto.SHA224, "SHA2-256": crypto.SHA256, "SHA2-384": crypto.SHA384,
	"SHA2-512": crypto.SHA512, "SHA2-512/224": crypto.SHA512_224, "SHA2-512/256": crypto.SHA512_256,
	"SHA3-224": crypto.SHA3_224, "SHA3-256": crypto.SHA3_256, "SHA3-384": crypto.SHA3_384,
	"SHA3-512": crypto.SHA3_512, "SHAKE-128": SHAKE128, "SHAKE-256": SHAKE256,
}

func acvpParams(t *testing.T, name string) mldsa.Parameters {
	for _, p := range allParams {
		if p.String() == name {
			return p
		}
	}
	t.Fatalf("unknown parameter set %q", name)
	return mldsa.Parameters{}
}

// acvpInput returns the input and options of a case in the public API's
// terms, or ok = false for a raw-M′ group.
func acvpInput(t *testing.T, g *acvpGroup, msg, ctx, mu []byte, hashAlg string, deterministic bool) (input []byte, opts *Options, ok bool) {
	opts = &Options{Context: string(ctx), Deterministic: deterministic}
	switch {
	case g.SignatureInterface == "internal" && g.ExternalMu:
		opts.Hash = crypto.MLDSAMu
		return mu, opts, true
	case g.SignatureInterface == "internal":
		return nil, nil, false
	case g.PreHash == "preHash":
		h, found := acvpHashes[hashAlg]
		if !found {
			t.Fatalf("unknown hashAlg %q", hashAlg)
		}
		opts.Hash = h
		return hashMessage(h, msg), opts, true
	}
	return msg, opts, true
}

func TestACVPThroughPublicAPI(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, dir := range []string{"ML-DSA-sigGen-FIPS204", "ML-DSA-sigGen-FIPS204-tr1"} {
		c.File(dir)
		groups, want := mldsavectors.Read(t, dir)
		for gi := range groups {
			g := &groups[gi]
			params := acvpParams(t, g.ParameterSet)
			for _, tc := range g.Tests {
				input, opts, ok := acvpInput(t, g, tc.Message, tc.Context, tc.Mu, tc.HashAlg, g.Deterministic)
				if !ok {
					continue
				}
				var sk *PrivateKey
				var err error
				if g.KeyFormat == "seed" {
					sk, err = NewPrivateKey(params, tc.Seed)
				} else {
					sk, err = NewPrivateKeyFromExpanded(params, tc.SK)
				}
				if err != nil {
					t.Fatalf("%s tcId %d: %v", dir, tc.TcID, err)
				}
				sig, err := sk.Sign(nil, input, opts)
				if err != nil {
					t.Fatalf("%s tcId %d: %v", dir, tc.TcID, err)
				}
				// Hedged groups used an rnd the public API does not take:
				// their expected signature must verify, and ours too.
				if g.Deterministic && !bytes.Equal(sig, want[tc.TcID].Signature) {
					t.Errorf("%s tcId %d: signature mismatch", dir, tc.TcID)
				}
				for _, s := range [][]byte{sig, want[tc.TcID].Signature} {
					if err := Verify(sk.PublicKey(), input, s, opts); err != nil {
						t.Errorf("%s tcId %d: %v", dir, tc.TcID, err)
					}
				}
				c.Add(dir)
			}
		}
	}

	const dir = "ML-DSA-sigVer-FIPS204"
	c.File(dir)
	groups, expected := mldsavectors.Read(t, dir)
	for gi := range groups {
		g := &groups[gi]
		params := acvpParams(t, g.ParameterSet)
		for _, tc := range g.Tests {
			input, opts, ok := acvpInput(t, g, tc.Message, tc.Context, tc.Mu, tc.HashAlg, false)
			if !ok {
				continue
			}
			pk, err := mldsa.NewPublicKey(params, tc.PK)
			if err != nil {
				t.Fatal(err)
			}
			passed := *expected[tc.TcID].TestPassed
			err = Verify(pk, input, tc.Signature, opts)
			err2 := NewVerifier(pk).Verify(input, tc.Signature, opts)
			err3 := VerifyBytes(params, tc.PK, input, tc.Signature, opts)
			fromBytes, perr := NewVerifierFromBytes(params, tc.PK)
			if perr != nil {
				t.Fatal(perr)
			}
			err4 := fromBytes.Verify(input, tc.Signature, opts)
			if (err == nil) != passed || (err2 == nil) != passed || (err3 == nil) != passed || (err4 == nil) != passed {
				t.Errorf("%s tcId %d: Verify %v, Verifier %v, VerifyBytes %v, NewVerifierFromBytes %v, want valid=%v", dir, tc.TcID, err, err2, err3, err4, passed)
			}
			c.Add(dir)
		}
	}
}
