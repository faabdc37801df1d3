// Package mldsavectors holds the record types of the NIST ACVP ML-DSA
// vector files (acvp/ML-DSA-*-FIPS204*/ in the shared test data), so the
// engine's and the signer's tests read them the same way.
package mldsavectors

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
)

// HexBytes decodes a JSON hex string (either case).
type HexBytes []byte

// UnmarshalJSON implements json.Unmarshaler.
func (h *HexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

// File is an ACVP prompt or expectedResults file.
type File struct {
	TestGroups []Group `json:"testGroups"`
}

// Group is an ACVP test group; which fields are set depends on the mode
// (see acvp/SOURCE.md).
type Group struct {
	TgID               int    `json:"tgId"`
	ParameterSet       string `json:"parameterSet"`
	Deterministic      bool   `json:"deterministic"`
	SignatureInterface string `json:"signatureInterface"` // "external" or "internal"
	PreHash            string `json:"preHash"`            // "pure" or "preHash"
	ExternalMu         bool   `json:"externalMu"`
	KeyFormat          string `json:"keyFormat"` // "seed" or "expanded" (tr1 files)
	Tests              []Test `json:"tests"`
}

// Test is an ACVP test case, prompt or expected result.
type Test struct {
	TcID       int      `json:"tcId"`
	Seed       HexBytes `json:"seed"`
	PK         HexBytes `json:"pk"`
	SK         HexBytes `json:"sk"`
	Message    HexBytes `json:"message"`
	Context    HexBytes `json:"context"`
	HashAlg    string   `json:"hashAlg"`
	Rnd        HexBytes `json:"rnd"`
	Mu         HexBytes `json:"mu"`
	Signature  HexBytes `json:"signature"`
	TestPassed *bool    `json:"testPassed"`
}

// Read reads the prompt and expectedResults of the ACVP folder dir (for
// example "ML-DSA-sigVer-FIPS204") and returns the prompt groups and the
// expected result of each tcId.
func Read(t *testing.T, dir string) ([]Group, map[int]Test) {
	t.Helper()
	var prompt, expected File
	vectors.ReadJSON(t, "acvp/"+dir+"/prompt.json.gz", &prompt)
	vectors.ReadJSON(t, "acvp/"+dir+"/expectedResults.json.gz", &expected)
	want := map[int]Test{}
	for _, g := range expected.TestGroups {
		for _, tc := range g.Tests {
			want[tc.TcID] = tc
		}
	}
	return prompt.TestGroups, want
}

// GroupName describes a group by the variant it selects, for case counts.
func GroupName(g *Group) string {
	s := g.ParameterSet + "/" + g.SignatureInterface
	if g.SignatureInterface == "internal" {
		if g.ExternalMu {
			s += "/externalMu"
		} else {
			s += "/M′"
		}
	} else {
		s += "/" + g.PreHash
	}
	if g.KeyFormat != "" {
		s += "/" + g.KeyFormat
	}
	if g.Deterministic {
		return s + "/deterministic"
	}
	return s + "/hedged"
}

// WycheproofFile is a Wycheproof ML-DSA file: mldsa_*_sign_seed_test,
// mldsa_*_sign_noseed_test or mldsa_*_verify_test (see
// wycheproof/doc/mldsa.md).
type WycheproofFile struct {
	Algorithm  string            `json:"algorithm"` // "ML-DSA-44", ...
	TestGroups []WycheproofGroup `json:"testGroups"`
}

// WycheproofGroup is a group of cases under one key: a seed (sign_seed), an
// expanded private key (sign_noseed) or a public key (verify).
type WycheproofGroup struct {
	PrivateSeed HexBytes         `json:"privateSeed"`
	PrivateKey  HexBytes         `json:"privateKey"`
	PublicKey   HexBytes         `json:"publicKey"` // null when the key is invalid
	Tests       []WycheproofTest `json:"tests"`
}

// WycheproofTest is one case. Msg is nil for the "Internal" cases that give
// only μ; Rnd is nil for deterministic signing.
type WycheproofTest struct {
	TcID    int       `json:"tcId"`
	Comment string    `json:"comment"`
	Msg     *HexBytes `json:"msg"`
	Ctx     HexBytes  `json:"ctx"`
	Rnd     HexBytes  `json:"rnd"`
	Mu      HexBytes  `json:"mu"`
	Sig     HexBytes  `json:"sig"`
	Result  string    `json:"result"` // "valid" or "invalid"
	Flags   []string  `json:"flags"`
}
