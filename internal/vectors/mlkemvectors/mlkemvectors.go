// Package mlkemvectors runs the external ML-KEM test vectors (NIST ACVP,
// Wycheproof, C2SP CCTV) against any implementation that offers the
// operations they exercise, so that the engine and the public kem package are
// held to the same files by the same code.
package mlkemvectors

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
)

// Implementation is what the runners drive. set is a parameter-set name such
// as "ML-KEM-768"; every byte string is passed through as found in the files,
// so wrong lengths reach the implementation.
type Implementation interface {
	// KeyGen derives the encapsulation key and the expanded decapsulation key
	// from the seed d‖z.
	KeyGen(set string, seed []byte) (ek, dk []byte, err error)
	// Encapsulate parses ek with the FIPS 203 checks and runs
	// Encaps_internal with randomness m.
	Encapsulate(set string, ek, m []byte) (sharedKey, c []byte, err error)
	// DecapsulateExpanded imports an expanded dk with the FIPS 203 checks and
	// decapsulates c; it returns the encapsulation key the dk embeds.
	DecapsulateExpanded(set string, dk, c []byte) (ek, sharedKey []byte, err error)
	// DecapsulateSeed derives the key of the seed d‖z and decapsulates c; it
	// returns the encapsulation key.
	DecapsulateSeed(set string, seed, c []byte) (ek, sharedKey []byte, err error)
	// CheckEncapsulationKey imports ek with the FIPS 203 Section 7.2 checks.
	CheckEncapsulationKey(set string, ek []byte) error
	// CheckDecapsulationKey imports an expanded dk with the Section 7.3 checks.
	CheckDecapsulationKey(set string, dk []byte) error
}

// Sizes returns the encapsulation-key, expanded decapsulation-key and
// ciphertext lengths of a parameter set.
func Sizes(set string) (ek, dk, c int) {
	switch set {
	case "ML-KEM-512":
		return 800, 1632, 768
	case "ML-KEM-768":
		return 1184, 2400, 1088
	case "ML-KEM-1024":
		return 1568, 3168, 1568
	}
	panic("mlkemvectors: unknown parameter set " + set)
}

// HexBytes is a JSON string of hex digits (either case), decoded.
type HexBytes []byte

func (h *HexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	*h = d
	return err
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cat(a, b []byte) []byte { return append(append([]byte{}, a...), b...) }

// ACVP runs every case of the ML-KEM keyGen and encapDecap (FIPS203 and
// FIPS203-tr1) vector sets: all functions and key formats.
func ACVP(t *testing.T, impl Implementation) {
	counter := vectors.NewCounter(t)

	const keyGenDir = "acvp/ML-KEM-keyGen-FIPS203/"
	var keyGenPrompt struct {
		TestGroups []struct {
			ParameterSet string `json:"parameterSet"`
			Tests        []struct {
				TcID int      `json:"tcId"`
				D    HexBytes `json:"d"`
				Z    HexBytes `json:"z"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	var keyGenExpected struct {
		TestGroups []struct {
			Tests []struct {
				TcID int      `json:"tcId"`
				EK   HexBytes `json:"ek"`
				DK   HexBytes `json:"dk"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	vectors.ReadJSON(t, keyGenDir+"prompt.json.gz", &keyGenPrompt)
	vectors.ReadJSON(t, keyGenDir+"expectedResults.json.gz", &keyGenExpected)
	wantKeys := map[int][2][]byte{}
	for _, g := range keyGenExpected.TestGroups {
		for _, tc := range g.Tests {
			wantKeys[tc.TcID] = [2][]byte{tc.EK, tc.DK}
		}
	}
	name := keyGenDir + "prompt.json.gz"
	counter.File(name)
	for _, g := range keyGenPrompt.TestGroups {
		for _, tc := range g.Tests {
			want, ok := wantKeys[tc.TcID]
			if !ok {
				t.Fatalf("%s tcId %d: no expected result", name, tc.TcID)
			}
			ek, dk, err := impl.KeyGen(g.ParameterSet, cat(tc.D, tc.Z))
			if err != nil || !bytes.Equal(ek, want[0]) || !bytes.Equal(dk, want[1]) {
				t.Errorf("%s %s tcId %d: keygen mismatch (%v)", name, g.ParameterSet, tc.TcID, err)
			}
			// The expanded key imports and embeds the same ek.
			if gotEK, _, err := impl.DecapsulateExpanded(g.ParameterSet, want[1], make([]byte, ctSize(g.ParameterSet))); err != nil || !bytes.Equal(gotEK, want[0]) {
				t.Errorf("%s tcId %d: expanded key import: %v", name, tc.TcID, err)
			}
			counter.Add(name)
		}
	}

	for _, dir := range []string{"acvp/ML-KEM-encapDecap-FIPS203/", "acvp/ML-KEM-encapDecap-FIPS203-tr1/"} {
		var prompt struct {
			TestGroups []struct {
				ParameterSet string `json:"parameterSet"`
				Function     string `json:"function"`
				KeyFormat    string `json:"keyFormat"`
				Tests        []struct {
					TcID int      `json:"tcId"`
					EK   HexBytes `json:"ek"`
					DK   HexBytes `json:"dk"`
					M    HexBytes `json:"m"`
					C    HexBytes `json:"c"`
					D    HexBytes `json:"d"`
					Z    HexBytes `json:"z"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		type result struct {
			TcID       int      `json:"tcId"`
			C          HexBytes `json:"c"`
			K          HexBytes `json:"k"`
			TestPassed *bool    `json:"testPassed"`
		}
		var expected struct {
			TestGroups []struct {
				Tests []result `json:"tests"`
			} `json:"testGroups"`
		}
		vectors.ReadJSON(t, dir+"prompt.json.gz", &prompt)
		vectors.ReadJSON(t, dir+"expectedResults.json.gz", &expected)
		want := map[int]result{}
		for _, g := range expected.TestGroups {
			for _, tc := range g.Tests {
				want[tc.TcID] = tc
			}
		}
		name := dir + "prompt.json.gz"
		counter.File(name)
		for _, g := range prompt.TestGroups {
			for _, tc := range g.Tests {
				w, ok := want[tc.TcID]
				if !ok {
					t.Fatalf("%s tcId %d: no expected result", name, tc.TcID)
				}
				id := fmt.Sprintf("%s %s tcId %d (%s)", name, g.ParameterSet, tc.TcID, g.Function)
				switch g.Function {
				case "encapsulation":
					k, c, err := impl.Encapsulate(g.ParameterSet, tc.EK, tc.M)
					if err != nil || !bytes.Equal(k, w.K) || !bytes.Equal(c, w.C) {
						t.Errorf("%s: encapsulation mismatch (%v)", id, err)
					}
				case "decapsulation":
					var k []byte
					var err error
					switch g.KeyFormat {
					case "", "expanded":
						_, k, err = impl.DecapsulateExpanded(g.ParameterSet, tc.DK, tc.C)
					case "seed":
						_, k, err = impl.DecapsulateSeed(g.ParameterSet, cat(tc.D, tc.Z), tc.C)
					default:
						t.Fatalf("%s: unknown keyFormat %q", id, g.KeyFormat)
					}
					if err != nil || !bytes.Equal(k, w.K) {
						t.Errorf("%s: decapsulation mismatch (%v)", id, err)
					}
				case "encapsulationKeyCheck", "decapsulationKeyCheck":
					var err error
					if g.Function == "encapsulationKeyCheck" {
						err = impl.CheckEncapsulationKey(g.ParameterSet, tc.EK)
					} else {
						err = impl.CheckDecapsulationKey(g.ParameterSet, tc.DK)
					}
					if w.TestPassed == nil || (err == nil) != *w.TestPassed {
						t.Errorf("%s: check gave %v, want testPassed %v", id, err, w.TestPassed != nil && *w.TestPassed)
					}
				default:
					t.Fatalf("%s: unknown function", id)
				}
				counter.Add(name)
			}
		}
	}
}

func ctSize(set string) int { _, _, c := Sizes(set); return c }

// Wycheproof runs every ML-KEM Wycheproof file: mlkem_*_test (keygen from
// seed, then decapsulation), _encaps_test, _keygen_seed_test and
// _semi_expanded_decaps_test.
func Wycheproof(t *testing.T, impl Implementation) {
	counter := vectors.NewCounter(t)
	for _, set := range []string{"512", "768", "1024"} {
		for _, kind := range []string{"test", "encaps_test", "keygen_seed_test", "semi_expanded_decaps_test"} {
			name := "wycheproof/testvectors_v1/mlkem_" + set + "_" + kind + ".json.gz"
			var f struct {
				Schema     string `json:"schema"`
				TestGroups []struct {
					ParameterSet string `json:"parameterSet"`
					Tests        []struct {
						TcID    int      `json:"tcId"`
						Comment string   `json:"comment"`
						Seed    HexBytes `json:"seed"`
						EK      HexBytes `json:"ek"`
						DK      HexBytes `json:"dk"`
						M       HexBytes `json:"m"`
						C       HexBytes `json:"c"`
						K       HexBytes `json:"K"`
						Result  string   `json:"result"`
						Flags   []string `json:"flags"`
					} `json:"tests"`
				} `json:"testGroups"`
			}
			vectors.ReadJSON(t, name, &f)
			counter.File(name)
			for _, g := range f.TestGroups {
				if g.ParameterSet != "ML-KEM-"+set {
					t.Fatalf("%s: parameter set %q", name, g.ParameterSet)
				}
				for _, tc := range g.Tests {
					id := fmt.Sprintf("%s tcId %d (%s %v)", name, tc.TcID, tc.Comment, tc.Flags)
					valid := tc.Result == "valid"
					if !valid && tc.Result != "invalid" {
						t.Fatalf("%s: result %q", id, tc.Result)
					}
					var ek, k, c []byte
					var err error
					switch f.Schema {
					case "mlkem_test_schema.json":
						// KeyGen(seed), check ek when given, then Decaps(c) == K.
						ek, k, err = impl.DecapsulateSeed(g.ParameterSet, tc.Seed, tc.C)
						if err == nil && tc.EK != nil && !bytes.Equal(ek, tc.EK) {
							t.Errorf("%s: ek mismatch", id)
						}
					case "mlkem_encaps_test_schema.json":
						k, c, err = impl.Encapsulate(g.ParameterSet, tc.EK, tc.M)
						if err == nil && !bytes.Equal(c, tc.C) {
							t.Errorf("%s: ciphertext mismatch", id)
						}
					case "mlkem_keygen_seed_test_schema.json":
						var dk []byte
						ek, dk, err = impl.KeyGen(g.ParameterSet, tc.Seed)
						if err == nil && (!bytes.Equal(ek, tc.EK) || !bytes.Equal(dk, tc.DK)) {
							t.Errorf("%s: keygen mismatch", id)
						}
						k = tc.K // the file has no K
					case "mlkem_semi_expanded_decaps_test_schema.json":
						// dk is the FIPS 203 expanded key and ek the key embedded
						// in it: import dk with the Section 7.3 checks, compare
						// the ek it carries, and decapsulate c.
						ek, k, err = impl.DecapsulateExpanded(g.ParameterSet, tc.DK, tc.C)
						if err == nil && !bytes.Equal(ek, tc.EK) {
							t.Errorf("%s: embedded ek differs from the given ek", id)
						}
					default:
						t.Fatalf("%s: unknown schema %q", name, f.Schema)
					}
					if valid && (err != nil || !bytes.Equal(k, tc.K)) {
						t.Errorf("%s: got %x, %v", id, k, err)
					}
					if !valid && err == nil {
						t.Errorf("%s: invalid case accepted", id)
					}
					counter.Add(name)
				}
			}
		}
	}
}

// readCCTV parses a CCTV "name = value" text file into its pairs, in order.
func readCCTV(t *testing.T, rel string) [][2]string {
	var out [][2]string
	sc := bufio.NewScanner(bytes.NewReader(vectors.ReadFile(t, rel)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if name, value, ok := strings.Cut(sc.Text(), " = "); ok {
			out = append(out, [2]string{name, value})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// first returns the first value named name.
func first(t *testing.T, kv [][2]string, name string) []byte {
	t.Helper()
	for _, e := range kv {
		if e[0] == name {
			return mustHex(t, e[1])
		}
	}
	t.Fatalf("no %q", name)
	return nil
}

// CCTV runs the C2SP CCTV ML-KEM vectors valid for final FIPS 203: modulus
// (every key must fail the Section 7.2 check, alone and embedded in a dk),
// strcmp, and the Encaps/Decaps parts of unluckysample and intermediate. Their
// key generation follows FIPS 203 ipd and is not asserted (cctv/SOURCE.md).
func CCTV(t *testing.T, impl Implementation) {
	counter := vectors.NewCounter(t)
	for _, set := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		ekSize, dkSize, _ := Sizes(set)
		rel := "cctv/ML-KEM/modulus/" + set + ".txt.gz"
		counter.File(rel)
		for line := range strings.Lines(string(vectors.ReadFile(t, rel))) {
			ek := mustHex(t, line)
			if err := impl.CheckEncapsulationKey(set, ek); err == nil {
				t.Errorf("%s: non-reduced ek accepted", rel)
			}
			dk := make([]byte, dkSize)
			copy(dk[dkSize-ekSize-64:], ek)
			if err := impl.CheckDecapsulationKey(set, dk); err == nil {
				t.Errorf("%s: dk embedding a non-reduced ek accepted", rel)
			}
			counter.Add(rel)
		}

		rel = "cctv/ML-KEM/strcmp/" + set + ".txt"
		kv := readCCTV(t, rel)
		if _, k, err := impl.DecapsulateExpanded(set, first(t, kv, "dk"), first(t, kv, "c")); err != nil || !bytes.Equal(k, first(t, kv, "K")) {
			t.Errorf("%s: got %x, %v", rel, k, err)
		}
		counter.Add(rel)

		for _, folder := range []string{"unluckysample", "intermediate"} {
			rel := "cctv/ML-KEM/" + folder + "/" + set + ".txt"
			kv := readCCTV(t, rel)
			wantK, wantC := first(t, kv, "K"), first(t, kv, "c")
			k, c, err := impl.Encapsulate(set, first(t, kv, "ek"), first(t, kv, "m"))
			if err != nil || !bytes.Equal(k, wantK) || !bytes.Equal(c, wantC) {
				t.Errorf("%s: encapsulation mismatch (%v)", rel, err)
			}
			if _, k, err = impl.DecapsulateExpanded(set, first(t, kv, "dk"), wantC); err != nil || !bytes.Equal(k, wantK) {
				t.Errorf("%s: decapsulation mismatch (%v)", rel, err)
			}
			counter.Add(rel)
		}
	}
}
