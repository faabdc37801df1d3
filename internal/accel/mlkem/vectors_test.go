package mlkem

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
)

var paramsByName = map[string]*Params{
	"ML-KEM-512":  MLKEM512,
	"ML-KEM-768":  MLKEM768,
	"ML-KEM-1024": MLKEM1024,
}

// hexBytes is a JSON string of hex digits (either case).
type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
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

// encapsulate runs Encaps_internal on a fresh key parsed from ekBytes.
func encapsulate(p *Params, ekBytes, m []byte) (sharedKey, c []byte, err error) {
	var ek EncapsulationKey
	if err := ek.SetBytes(p, ekBytes); err != nil {
		return nil, nil, err
	}
	if len(m) != MessageSize {
		return nil, nil, errors.New("bad m length")
	}
	var k [32]byte
	c = make([]byte, p.CiphertextSize())
	if err := ek.EncapsulateInternal(&k, c, (*[32]byte)(m)); err != nil {
		return nil, nil, err
	}
	return k[:], c, nil
}

// decapsulateExpanded imports an expanded dk and decapsulates c.
func decapsulateExpanded(p *Params, dkBytes, c []byte) ([]byte, error) {
	var dk DecapsulationKey
	if err := dk.SetExpanded(p, dkBytes); err != nil {
		return nil, err
	}
	var k [32]byte
	if err := dk.Decapsulate(&k, c); err != nil {
		return nil, err
	}
	return k[:], nil
}

func keyGen(t *testing.T, p *Params, seed []byte) (ek, dk []byte) {
	t.Helper()
	var key DecapsulationKey
	if err := key.SetSeed(p, seed); err != nil {
		t.Fatal(err)
	}
	return key.ek.AppendBytes(nil), key.AppendExpanded(nil)
}

func TestACVPKeyGen(t *testing.T) {
	const dir = "acvp/ML-KEM-keyGen-FIPS203/"
	var prompt struct {
		TestGroups []struct {
			TgID         int    `json:"tgId"`
			ParameterSet string `json:"parameterSet"`
			Tests        []struct {
				TcID int      `json:"tcId"`
				D    hexBytes `json:"d"`
				Z    hexBytes `json:"z"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	var expected struct {
		TestGroups []struct {
			Tests []struct {
				TcID int      `json:"tcId"`
				EK   hexBytes `json:"ek"`
				DK   hexBytes `json:"dk"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	vectors.ReadJSON(t, dir+"prompt.json.gz", &prompt)
	vectors.ReadJSON(t, dir+"expectedResults.json.gz", &expected)
	want := map[int][2][]byte{}
	for _, g := range expected.TestGroups {
		for _, tc := range g.Tests {
			want[tc.TcID] = [2][]byte{tc.EK, tc.DK}
		}
	}
	counter := vectors.NewCounter(t)
	for _, g := range prompt.TestGroups {
		p := paramsByName[g.ParameterSet]
		for _, tc := range g.Tests {
			ek, dk := keyGen(t, p, append(append([]byte{}, tc.D...), tc.Z...))
			w, ok := want[tc.TcID]
			if !ok {
				t.Fatalf("tcId %d: no expected result", tc.TcID)
			}
			if !bytes.Equal(ek, w[0]) || !bytes.Equal(dk, w[1]) {
				t.Errorf("%s tcId %d: keygen mismatch", g.ParameterSet, tc.TcID)
			}
			// The expanded dk imports (it passes the §7.3 checks) and
			// re-encodes to itself.
			var key DecapsulationKey
			if err := key.SetExpanded(p, w[1]); err != nil {
				t.Errorf("tcId %d: SetExpanded: %v", tc.TcID, err)
			} else if !bytes.Equal(key.AppendExpanded(nil), w[1]) {
				t.Errorf("tcId %d: expanded dk does not round-trip", tc.TcID)
			}
			counter.Add(dir + "prompt.json.gz")
		}
	}
}

type acvpEncapDecapPrompt struct {
	TestGroups []struct {
		TgID         int    `json:"tgId"`
		ParameterSet string `json:"parameterSet"`
		Function     string `json:"function"`
		KeyFormat    string `json:"keyFormat"`
		Tests        []struct {
			TcID int      `json:"tcId"`
			EK   hexBytes `json:"ek"`
			DK   hexBytes `json:"dk"`
			M    hexBytes `json:"m"`
			C    hexBytes `json:"c"`
			D    hexBytes `json:"d"`
			Z    hexBytes `json:"z"`
		} `json:"tests"`
	} `json:"testGroups"`
}

type acvpEncapDecapResult struct {
	TcID       int      `json:"tcId"`
	C          hexBytes `json:"c"`
	K          hexBytes `json:"k"`
	TestPassed *bool    `json:"testPassed"`
}

func TestACVPEncapDecap(t *testing.T) {
	counter := vectors.NewCounter(t)
	for _, dir := range []string{"acvp/ML-KEM-encapDecap-FIPS203/", "acvp/ML-KEM-encapDecap-FIPS203-tr1/"} {
		var prompt acvpEncapDecapPrompt
		var expected struct {
			TestGroups []struct {
				Tests []acvpEncapDecapResult `json:"tests"`
			} `json:"testGroups"`
		}
		vectors.ReadJSON(t, dir+"prompt.json.gz", &prompt)
		vectors.ReadJSON(t, dir+"expectedResults.json.gz", &expected)
		want := map[int]acvpEncapDecapResult{}
		for _, g := range expected.TestGroups {
			for _, tc := range g.Tests {
				want[tc.TcID] = tc
			}
		}
		name := dir + "prompt.json.gz"
		counter.File(name)
		for _, g := range prompt.TestGroups {
			p := paramsByName[g.ParameterSet]
			if p == nil {
				t.Fatalf("unknown parameter set %q", g.ParameterSet)
			}
			for _, tc := range g.Tests {
				w, ok := want[tc.TcID]
				if !ok {
					t.Fatalf("%s tcId %d: no expected result", dir, tc.TcID)
				}
				id := fmt.Sprintf("%s%s tcId %d (%s)", dir, g.ParameterSet, tc.TcID, g.Function)
				switch g.Function {
				case "encapsulation":
					k, c, err := encapsulate(p, tc.EK, tc.M)
					if err != nil {
						t.Errorf("%s: %v", id, err)
					} else if !bytes.Equal(k, w.K) || !bytes.Equal(c, w.C) {
						t.Errorf("%s: encapsulation mismatch", id)
					}
				case "decapsulation":
					var k []byte
					var err error
					switch g.KeyFormat {
					case "", "expanded":
						k, err = decapsulateExpanded(p, tc.DK, tc.C)
					case "seed":
						var dk DecapsulationKey
						dk.GenerateKeyInternal(p, (*[32]byte)(tc.D), (*[32]byte)(tc.Z))
						var kk [32]byte
						err = dk.Decapsulate(&kk, tc.C)
						k = kk[:]
					default:
						t.Fatalf("%s: unknown keyFormat %q", id, g.KeyFormat)
					}
					if err != nil {
						t.Errorf("%s: %v", id, err)
					} else if !bytes.Equal(k, w.K) {
						t.Errorf("%s: decapsulation mismatch", id)
					}
				case "encapsulationKeyCheck":
					var ek EncapsulationKey
					err := ek.SetBytes(p, tc.EK)
					if w.TestPassed == nil || (err == nil) != *w.TestPassed {
						t.Errorf("%s: check gave %v, want testPassed %v", id, err, w.TestPassed != nil && *w.TestPassed)
					}
				case "decapsulationKeyCheck":
					var dk DecapsulationKey
					err := dk.SetExpanded(p, tc.DK)
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

// wycheproofFile is the common shape of the Wycheproof ML-KEM files; each
// schema uses a subset of the test fields.
type wycheproofFile struct {
	Schema     string `json:"schema"`
	TestGroups []struct {
		Type         string `json:"type"`
		ParameterSet string `json:"parameterSet"`
		Tests        []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Seed    hexBytes `json:"seed"`
			EK      hexBytes `json:"ek"`
			DK      hexBytes `json:"dk"`
			M       hexBytes `json:"m"`
			C       hexBytes `json:"c"`
			K       hexBytes `json:"K"`
			Result  string   `json:"result"`
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestWycheproof(t *testing.T) {
	counter := vectors.NewCounter(t)
	for _, set := range []string{"512", "768", "1024"} {
		for _, kind := range []string{"test", "encaps_test", "keygen_seed_test", "semi_expanded_decaps_test"} {
			name := "wycheproof/testvectors_v1/mlkem_" + set + "_" + kind + ".json.gz"
			var f wycheproofFile
			vectors.ReadJSON(t, name, &f)
			counter.File(name)
			for _, g := range f.TestGroups {
				p := paramsByName[g.ParameterSet]
				if p == nil || p.name != "ML-KEM-"+set {
					t.Fatalf("%s: parameter set %q", name, g.ParameterSet)
				}
				for _, tc := range g.Tests {
					id := fmt.Sprintf("%s tcId %d (%s %v)", name, tc.TcID, tc.Comment, tc.Flags)
					valid := tc.Result == "valid"
					if !valid && tc.Result != "invalid" {
						t.Fatalf("%s: result %q", id, tc.Result)
					}
					switch f.Schema {
					case "mlkem_test_schema.json":
						// KeyGen(seed), check ek, then Decaps(c) == K.
						var dk DecapsulationKey
						err := dk.SetSeed(p, tc.Seed)
						var k [32]byte
						if err == nil {
							if tc.EK != nil && !bytes.Equal(dk.ek.AppendBytes(nil), tc.EK) {
								t.Errorf("%s: ek mismatch", id)
							}
							err = dk.Decapsulate(&k, tc.C)
						}
						if valid && (err != nil || !bytes.Equal(k[:], tc.K)) {
							t.Errorf("%s: got %x, %v", id, k, err)
						}
						if !valid && err == nil {
							t.Errorf("%s: invalid case accepted", id)
						}
					case "mlkem_encaps_test_schema.json":
						k, c, err := encapsulate(p, tc.EK, tc.M)
						if valid && (err != nil || !bytes.Equal(k, tc.K) || !bytes.Equal(c, tc.C)) {
							t.Errorf("%s: encapsulation mismatch (%v)", id, err)
						}
						if !valid && err == nil {
							t.Errorf("%s: invalid ek accepted", id)
						}
					case "mlkem_keygen_seed_test_schema.json":
						ek, dk := keyGen(t, p, tc.Seed)
						if !valid || !bytes.Equal(ek, tc.EK) || !bytes.Equal(dk, tc.DK) {
							t.Errorf("%s: keygen mismatch", id)
						}
					case "mlkem_semi_expanded_decaps_test_schema.json":
						// dk is the FIPS 203 expanded key, ek the key embedded in
						// it: import dk with the §7.3 checks, check the ek it
						// carries, and decapsulate c.
						var dk DecapsulationKey
						err := dk.SetExpanded(p, tc.DK)
						var k [32]byte
						if err == nil {
							if !bytes.Equal(dk.ek.AppendBytes(nil), tc.EK) {
								t.Errorf("%s: embedded ek differs from the given ek", id)
							}
							err = dk.Decapsulate(&k, tc.C)
						}
						if valid && (err != nil || !bytes.Equal(k[:], tc.K)) {
							t.Errorf("%s: got %x, %v", id, k, err)
						}
						if !valid && err == nil {
							t.Errorf("%s: invalid case accepted", id)
						}
					default:
						t.Fatalf("%s: unknown schema %q", name, f.Schema)
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
		name, value, ok := strings.Cut(sc.Text(), " = ")
		if ok {
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

func TestCCTV(t *testing.T) {
	counter := vectors.NewCounter(t)
	for name, p := range map[string]*Params{"ML-KEM-512": MLKEM512, "ML-KEM-768": MLKEM768, "ML-KEM-1024": MLKEM1024} {
		// modulus: every line is an ek with a coefficient in [q, 4096).
		rel := "cctv/ML-KEM/modulus/" + name + ".txt.gz"
		counter.File(rel)
		for line := range strings.Lines(string(vectors.ReadFile(t, rel))) {
			ek := mustHex(t, line)
			var key EncapsulationKey
			if err := key.SetBytes(p, ek); !errors.Is(err, ErrEncapsulationKeyModulus) {
				t.Errorf("%s: got %v, want the modulus error", rel, err)
			}
			// Embedded in a dk, the same ek fails the dk import.
			dk := make([]byte, p.DecapsulationKeySize())
			copy(dk[encodedPolySize*p.k:], ek)
			if err := new(DecapsulationKey).SetExpanded(p, dk); !errors.Is(err, ErrDecapsulationKeyModulus) {
				t.Errorf("%s: dk import got %v", rel, err)
			}
			counter.Add(rel)
		}

		// strcmp: Decaps(dk, c) must be the implicit-rejection key.
		rel = "cctv/ML-KEM/strcmp/" + name + ".txt"
		kv := readCCTV(t, rel)
		k, err := decapsulateExpanded(p, first(t, kv, "dk"), first(t, kv, "c"))
		if err != nil || !bytes.Equal(k, first(t, kv, "K")) {
			t.Errorf("%s: got %x, %v", rel, k, err)
		}
		counter.Add(rel)

		// unluckysample and intermediate: only Encaps(ek, m) and Decaps(dk, c)
		// are final FIPS 203; their d,z → ek,dk step is the ipd's, so key
		// generation is not asserted (cctv/SOURCE.md).
		for _, folder := range []string{"unluckysample", "intermediate"} {
			rel := "cctv/ML-KEM/" + folder + "/" + name + ".txt"
			kv := readCCTV(t, rel)
			ek, dk, m := first(t, kv, "ek"), first(t, kv, "dk"), first(t, kv, "m")
			wantK, wantC := first(t, kv, "K"), first(t, kv, "c")
			k, c, err := encapsulate(p, ek, m)
			if err != nil || !bytes.Equal(k, wantK) || !bytes.Equal(c, wantC) {
				t.Errorf("%s: encapsulation mismatch (%v)", rel, err)
			}
			k, err = decapsulateExpanded(p, dk, wantC)
			if err != nil || !bytes.Equal(k, wantK) {
				t.Errorf("%s: decapsulation mismatch (%v)", rel, err)
			}
			counter.Add(rel)
		}
	}
}
