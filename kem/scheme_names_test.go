package kem

import (
	"crypto/hpke"
	"crypto/tls"
	"strings"
	"testing"

	circlschemes "github.com/cloudflare/circl/kem/schemes"
)

// TestSchemeByNameAliases: the names SchemeByName documents, in the spellings
// other libraries use, find the right scheme in any case; names of other KEMs
// do not.
func TestSchemeByNameAliases(t *testing.T) {
	for name, want := range map[string]Scheme{
		"ML-KEM-512": MLKEM512(), "ml-kem-768": MLKEM768(), "MLKEM1024": MLKEM1024(), "mlkem_768": MLKEM768(),
		"X25519MLKEM768": X25519MLKEM768(), "x25519mlkem768": X25519MLKEM768(), "X25519-MLKEM768": X25519MLKEM768(),
		"SecP256r1MLKEM768": SecP256r1MLKEM768(), "SECP256R1MLKEM768": SecP256r1MLKEM768(),
		"SecP384r1MLKEM1024": SecP384r1MLKEM1024(),
		"X-Wing":             XWing(), "xwing": XWing(), "MLKEM768-X25519": XWing(), "mlkem768-x25519": XWing(),
		"MLKEM768-P256": MLKEM768P256(), "mlkem1024-p384": MLKEM1024P384(), "SMAUG-T128": SMAUGT128(), "timer": TiMER(),
	} {
		if got := SchemeByName(name); got != want {
			t.Errorf("SchemeByName(%q) = %v, want %s", name, got, want.Name())
		}
	}
	for _, name := range []string{"", "Kyber768", "Kyber768-X25519", "P256Kyber768Draft00", "ML-KEM", "X25519"} {
		if got := SchemeByName(name); got != nil {
			t.Errorf("SchemeByName(%q) = %s, want nil", name, got.Name())
		}
	}
}

// TestSchemeByNameOtherLibraries: every name circl's kem/schemes and
// crypto/tls give one of our schemes resolves to it, with the same sizes;
// crypto/hpke's KEMs resolve by identifier to schemes named as HPKE names
// them.
func TestSchemeByNameOtherLibraries(t *testing.T) {
	matched := 0
	for _, c := range circlschemes.All() {
		s := SchemeByName(c.Name())
		if s == nil {
			continue
		}
		matched++
		if s.EncapsulationKeySize() != c.PublicKeySize() || s.CiphertextSize() != c.CiphertextSize() || s.SharedKeySize() != c.SharedKeySize() {
			t.Errorf("circl %q resolves to %s with other sizes", c.Name(), s.Name())
		}
	}
	// circl names ML-KEM-512/768/1024, X25519MLKEM768 and X-Wing.
	if matched != 5 {
		t.Errorf("%d of circl's schemes resolve, want 5", matched)
	}
	t.Logf("%d circl scheme names resolve", matched)

	tlsNamed := 0
	for _, s := range Schemes() {
		if s.TLSGroup() == 0 {
			continue
		}
		name := tls.CurveID(s.TLSGroup()).String()
		if strings.HasPrefix(name, "CurveID(") {
			continue // a group crypto/tls does not name
		}
		tlsNamed++
		if SchemeByName(name) != s {
			t.Errorf("crypto/tls name %q does not resolve to %s", name, s.Name())
		}
	}
	if tlsNamed < 3 {
		t.Errorf("only %d crypto/tls group names checked", tlsNamed)
	}

	for name, k := range map[string]hpke.KEM{"ML-KEM-768": hpke.MLKEM768(), "ML-KEM-1024": hpke.MLKEM1024(), "MLKEM768-X25519": hpke.MLKEM768X25519()} {
		if s := SchemeByName(name); s == nil || s != SchemeByHPKEKEM(k.ID()) {
			t.Errorf("HPKE name %q and KEM 0x%04x give different schemes", name, k.ID())
		}
	}
}
