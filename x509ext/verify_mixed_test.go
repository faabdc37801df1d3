package x509ext

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer/composite"
)

// Chains that mix pure ML-DSA, composite and classical certificates.
// crypto/x509 cannot parse composite signatures, so it cannot judge such a
// chain itself. The differential test below asks it about the same chain
// re-signed classically instead: a twin key pool replaces the ECDSA and
// Ed25519 keys at two positions of the generator's pool with composite keys
// (MLDSA65-ECDSA-P256-SHA512, MLDSA44-Ed25519-SHA512), and the same seed
// drives the generator over both pools, so the two corpora differ only in
// those keys and the signatures they make. Verify must accept the mixed
// chain exactly when crypto/x509 accepts its classical twin (and Verify
// agrees with crypto/x509 on the twin, as TestVerifyDifferential requires).

var (
	twinPoolOnce sync.Once
	twinPool     *keyPool
)

// compositeTwinKeys is mixedKeys with its first ECDSA and Ed25519 keys
// (positions 4 and 5) replaced by composite keys.
func compositeTwinKeys(t testing.TB) *keyPool {
	full := mixedKeys(t)
	twinPoolOnce.Do(func() {
		p := &keyPool{keys: append([]crypto.Signer(nil), full.keys...)}
		_, isEC := p.keys[4].Public().(*ecdsa.PublicKey)
		_, isEd := p.keys[5].Public().(ed25519.PublicKey)
		if !isEC || !isEd {
			panic("mixedKeys changed: positions 4 and 5 are no longer ECDSA and Ed25519")
		}
		for i, name := range map[int]string{4: "MLDSA65-ECDSA-P256-SHA512", 5: "MLDSA44-Ed25519-SHA512"} {
			k, err := composite.GenerateKey(composite.AlgorithmByName(name))
			if err != nil {
				panic(err)
			}
			p.keys[i] = k
		}
		twinPool = p
	})
	return twinPool
}

func TestVerifyMixedDifferential(t *testing.T) {
	want := 600
	if testing.Short() {
		want = 120
	}
	classical, mixed := mixedKeys(t), compositeTwinKeys(t)
	var ran, accepted, withComposite, acceptedComposite, skipped, refusedUsage int
	for seed := uint64(1); ran < want; seed++ {
		g, errC := generate(prngChooser{mrand.New(mrand.NewPCG(seed, 22))}, classical)
		m, errM := generate(prngChooser{mrand.New(mrand.NewPCG(seed, 22))}, mixed)
		if errC == nil && errM != nil && strings.Contains(errM.Error(), "only signs") {
			// The generator drew an enciphering key usage for a composite
			// key, which the composite draft forbids and CreateCertificate
			// refuses; the classical twin has no such rule.
			refusedUsage++
			continue
		}
		if (errC == nil) != (errM == nil) {
			t.Fatalf("seed %d: the generator failed on one pool only: %v / %v", seed, errC, errM)
		}
		if errC != nil {
			if skipped++; skipped > want {
				t.Fatalf("the generator fails too often (%d skipped)", skipped)
			}
			continue
		}
		// A quarter of the cases get one flipped signature bit, at the same
		// certificate and relative position in both twins, so that broken
		// composite signatures (either half) meet crypto/x509's verdict on
		// broken classical ones.
		if tr := mrand.New(mrand.NewPCG(seed, 23)); tr.IntN(4) == 0 {
			i, frac, bit := tr.IntN(1+len(g.inters)), tr.Float64(), tr.IntN(8)
			flipSignatureBit(g, i, frac, bit)
			flipSignatureBit(m, i, frac, bit)
		}
		ran++
		hasComposite := strings.Contains(strings.Join(m.desc, " "), "MLDSA")
		if hasComposite {
			withComposite++
		}
		stdErr := g.stdlibVerify()
		_, ourErr := Verify(m.leaf, m.opts)
		if (stdErr == nil) != (ourErr == nil) {
			t.Errorf("seed %d: crypto/x509 on the classical twin: %v\nx509ext on the mixed chain: %v\ncase:\n  %s", seed, stdErr, ourErr, strings.Join(m.desc, "\n  "))
			continue
		}
		if stdErr == nil {
			accepted++
			if hasComposite {
				acceptedComposite++
			}
		}
	}
	t.Logf("mixed corpus: %d chains (%d with a composite certificate), %d accepted (%d with a composite certificate), %d rejected, as crypto/x509 judged their classical twins; %d not encodable, %d with a composite key given an enciphering key usage (refused)", ran, withComposite, accepted, acceptedComposite, ran-accepted, skipped, refusedUsage)
	if withComposite < ran/4 || acceptedComposite < ran/40 || accepted < ran/20 || ran-accepted < ran/20 {
		t.Errorf("the mixed corpus is lopsided: %d composite, %d accepted of %d", withComposite, accepted, ran)
	}
}

// flipSignatureBit replaces certificate i of g (0: the leaf, then the
// intermediates) by a copy whose signature has one bit flipped at the
// fraction frac of its length.
func flipSignatureBit(g *genCase, i int, frac float64, bit int) {
	target := &g.leaf
	if i > 0 {
		target = &g.inters[i-1] // g.opts.Intermediates shares this array
	}
	bad := **target
	bad.Signature = append([]byte(nil), bad.Signature...)
	bad.Signature[int(frac*float64(len(bad.Signature)))] ^= 1 << bit
	*target = &bad
	g.note("test flipped bit %d of the signature of %q at %.2f", bit, bad.Subject, frac)
}

// mixedCA is a CA certificate and its key for the case tests.
type mixedCA struct {
	cert *x509.Certificate
	key  crypto.Signer
}

func issueMixed(t *testing.T, tmpl *x509.Certificate, parent *mixedCA, key crypto.Signer) *mixedCA {
	t.Helper()
	p, signer := tmpl, key
	if parent != nil {
		p, signer = parent.cert, parent.key
	}
	der, err := CreateCertificate(zeroReader{}, tmpl, p, key.Public(), signer)
	if err != nil {
		t.Fatalf("issuing %q: %v", tmpl.Subject.CommonName, err)
	}
	return &mixedCA{must(x509.ParseCertificate(der)), key}
}

func mixedTemplate(cn string, serial int64, ca bool) *x509.Certificate {
	t := &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn},
		NotBefore: genBase.Add(-time.Hour), NotAfter: genBase.Add(time.Hour),
		BasicConstraintsValid: true, IsCA: ca,
	}
	if ca {
		t.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign
	} else {
		t.KeyUsage, t.DNSNames = x509.KeyUsageDigitalSignature, []string{"leaf.example.com"}
		t.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	}
	return t
}

// TestVerifyMixedChains: chains of every order of composite, ML-DSA and
// classical certificates verify, with the composite signatures reported as
// checked by the composite verifier; broken ones fail with the reason.
func TestVerifyMixedChains(t *testing.T) {
	keys := compositeTwinKeys(t).keys
	compP256, compEd, mldsa65, ecdsaKey, rsaKey := keys[4], keys[5], keys[2], keys[6], keys[8]
	comp87 := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA87-ECDSA-P384-SHA512")))
	orders := map[string][]crypto.Signer{
		"composite root, ML-DSA intermediate, classical leaf": {comp87, mldsa65, ecdsaKey},
		"classical root, composite intermediate, ML-DSA leaf": {rsaKey, compP256, mldsa65},
		"ML-DSA root, composite intermediate, composite leaf": {mldsa65, compP256, compEd},
		"composite root, classical intermediate, composite":   {comp87, ecdsaKey, compEd},
		"composite all the way":                               {comp87, compP256, compEd},
	}
	for name, ks := range orders {
		root := issueMixed(t, mixedTemplate("Root", 1, true), nil, ks[0])
		inter := issueMixed(t, mixedTemplate("Intermediate", 2, true), root, ks[1])
		leaf := issueMixed(t, mixedTemplate("Leaf", 3, false), inter, ks[2])
		opts := VerifyOptions{Roots: []*x509.Certificate{root.cert}, Intermediates: []*x509.Certificate{inter.cert}, CurrentTime: genBase, DNSName: "leaf.example.com"}
		res, err := Verify(leaf.cert, opts)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(res.Chain) != 3 {
			t.Errorf("%s: chain of %d", name, len(res.Chain))
		}
		checks := strings.Join(res.Checks, "\n")
		for i, k := range ks[:2] {
			if _, ok := k.Public().(*composite.PublicKey); ok && !strings.Contains(checks, compositeVerifierName) {
				t.Errorf("%s: issuer %d is composite but the checks do not name %s:\n%s", name, i, compositeVerifierName, checks)
			}
		}
		// A flipped bit in each signature of the chain breaks it.
		for _, victim := range []**x509.Certificate{&leaf.cert, &inter.cert} {
			orig := *victim
			bad := *orig
			bad.Signature = append([]byte(nil), orig.Signature...)
			bad.Signature[len(bad.Signature)/2] ^= 1
			*victim = &bad
			opts := VerifyOptions{Roots: []*x509.Certificate{root.cert}, Intermediates: []*x509.Certificate{inter.cert}, CurrentTime: genBase}
			if _, err := Verify(leaf.cert, opts); err == nil || !strings.Contains(err.Error(), "signature") {
				t.Errorf("%s: a tampered signature of %q: %v", name, bad.Subject.CommonName, err)
			}
			*victim = orig
		}
	}
}

// TestVerifyMixedRules: the path rules hold for composite issuers as for
// the others: a composite CA without keyCertSign, beyond its path length,
// or a composite KEM key in the issuer's place does not issue.
func TestVerifyMixedRules(t *testing.T) {
	keys := compositeTwinKeys(t).keys
	comp, ed := keys[4], keys[5]
	root := issueMixed(t, mixedTemplate("Root", 1, true), nil, comp)

	noCertSign := mixedTemplate("Intermediate", 2, true)
	noCertSign.KeyUsage = x509.KeyUsageCRLSign
	inter := issueMixed(t, noCertSign, root, ed)
	leaf := issueMixed(t, mixedTemplate("Leaf", 3, false), inter, comp)
	_, err := Verify(leaf.cert, VerifyOptions{Roots: []*x509.Certificate{root.cert}, Intermediates: []*x509.Certificate{inter.cert}, CurrentTime: genBase})
	if err == nil || !strings.Contains(err.Error(), "keyCertSign") {
		t.Errorf("composite intermediate without keyCertSign: %v", err)
	}

	zero := mixedTemplate("Root", 4, true)
	zero.MaxPathLen, zero.MaxPathLenZero = 0, true
	root0 := issueMixed(t, zero, nil, comp)
	inter0 := issueMixed(t, mixedTemplate("Intermediate", 5, true), root0, ed)
	leaf0 := issueMixed(t, mixedTemplate("Leaf", 6, false), inter0, comp)
	_, err = Verify(leaf0.cert, VerifyOptions{Roots: []*x509.Certificate{root0.cert}, Intermediates: []*x509.Certificate{inter0.cert}, CurrentTime: genBase})
	if err == nil || !strings.Contains(err.Error(), "path length") {
		t.Errorf("composite root with pathLenConstraint 0 over an intermediate: %v", err)
	}

	nonCA := mixedTemplate("Intermediate", 7, false)
	nonCA.DNSNames = nil
	notCA := issueMixed(t, nonCA, root, comp)
	leaf2 := issueMixed(t, mixedTemplate("Leaf", 8, false), notCA, ed)
	_, err = Verify(leaf2.cert, VerifyOptions{Roots: []*x509.Certificate{root.cert}, Intermediates: []*x509.Certificate{notCA.cert}, CurrentTime: genBase})
	if err == nil || !strings.Contains(err.Error(), "not a CA") {
		t.Errorf("composite end-entity certificate as an issuer: %v", err)
	}
}
