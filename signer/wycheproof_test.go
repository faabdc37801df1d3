package signer

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/mldsavectors"
)

// The Wycheproof ML-DSA files through the public API: key loading (seed and
// expanded, with their invalid lengths and ranges), deterministic and
// external-μ signing, and verification with crypto/mldsa public keys.
// Randomized cases (with rnd) cannot inject rnd here: their expected
// signature must verify instead.

func TestWycheproofThroughPublicAPI(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, level := range []string{"44", "65", "87"} {
		for _, kind := range []string{"sign_seed", "sign_noseed", "verify"} {
			file := "wycheproof/testvectors_v1/mldsa_" + level + "_" + kind + "_test.json.gz"
			c.File(file)
			var f mldsavectors.WycheproofFile
			vectors.ReadJSON(t, file, &f)
			params := acvpParams(t, f.Algorithm)
			for _, g := range f.TestGroups {
				// One key per group.
				var sk *PrivateKey
				var pk *mldsa.PublicKey
				var keyErr error
				switch kind {
				case "sign_seed":
					sk, keyErr = NewPrivateKey(params, g.PrivateSeed)
				case "sign_noseed":
					sk, keyErr = NewPrivateKeyFromExpanded(params, g.PrivateKey)
				default:
					pk, keyErr = mldsa.NewPublicKey(params, g.PublicKey)
				}
				for _, tc := range g.Tests {
					c.Add(file)
					valid := tc.Result == "valid"
					fail := func(format string, args ...any) {
						t.Helper()
						t.Errorf("%s tcId %d (%s): "+format, append([]any{file, tc.TcID, tc.Comment}, args...)...)
					}
					msg := []byte{}
					if tc.Msg != nil {
						msg = *tc.Msg
					}
					opts := &mldsa.Options{Context: string(tc.Ctx)}

					if kind == "verify" {
						err := keyErr
						if err == nil {
							err = Verify(pk, msg, tc.Sig, opts)
						}
						if (err == nil) != valid {
							fail("Verify = %v, want valid=%v", err, valid)
						}
						// From the encoding, as a certificate carries it:
						// the same verdict, a wrong key length included.
						if err := VerifyBytes(params, g.PublicKey, msg, tc.Sig, opts); (err == nil) != valid {
							fail("VerifyBytes = %v, want valid=%v", err, valid)
						}
						continue
					}

					if keyErr != nil {
						if valid {
							fail("key rejected: %v", keyErr)
						}
						continue
					}
					var err error
					if g.PublicKey != nil && !bytes.Equal(sk.PublicKey().Bytes(), g.PublicKey) {
						fail("public key mismatch")
					}
					var sig []byte
					switch {
					case tc.Msg == nil: // mu only
						sig, err = sk.SignDeterministic(tc.Mu, crypto.MLDSAMu)
					case tc.Rnd != nil:
						sig, err = sk.Sign(nil, msg, opts)
					default:
						sig, err = sk.SignDeterministic(msg, opts)
					}
					if err != nil {
						if valid {
							fail("sign: %v", err)
						}
						continue
					}
					if !valid {
						fail("signing succeeded, want an error")
						continue
					}
					if tc.Rnd == nil && !bytes.Equal(sig, tc.Sig) {
						fail("signature mismatch")
					}
					for _, s := range [][]byte{sig, tc.Sig} {
						if tc.Msg == nil {
							err = Verify(sk.PublicKey(), tc.Mu, s, crypto.MLDSAMu)
						} else {
							err = Verify(sk.PublicKey(), msg, s, opts)
						}
						if err != nil {
							fail("signature does not verify: %v", err)
						}
					}
				}
			}
		}
	}
}
