package main

import (
	"crypto/mldsa"
	"fmt"
	"strings"

	"github.com/crystals-go/crystals/kem"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// kind is what a key algorithm does.
type kind int

const (
	kindSignature kind = iota + 1
	kindKEM
)

// algorithm is one row of the tables of key algorithms the tool generates:
// algorithms (ML-DSA, ML-KEM, X-Wing), which bench also measures, and
// compositeAlgorithms (the 18 composite ML-DSA and 12 composite ML-KEM
// algorithms of the IETF LAMPS drafts), which key generate and ca init
// take. Lookups, the help texts and bench read these tables, and generate
// and benchCases switch on the kind.
type algorithm struct {
	name     string            // canonical name, as printed
	id       x509ext.Algorithm // the PKCS#8 / SPKI algorithm; UnknownAlgorithm for composites
	kind     kind
	mldsa    mldsa.Parameters // for kindSignature
	scheme   kem.Scheme       // for kindKEM
	seedOnly bool             // a key with one PKCS#8 form only (X-Wing's raw seed, a composite's raw key)
	// One of these for a composite algorithm.
	composite    *composite.Algorithm
	compositeKEM *kemcomposite.Algorithm
}

var algorithms = []algorithm{
	{name: "ML-DSA-44", id: x509ext.MLDSA44, kind: kindSignature, mldsa: mldsa.MLDSA44()},
	{name: "ML-DSA-65", id: x509ext.MLDSA65, kind: kindSignature, mldsa: mldsa.MLDSA65()},
	{name: "ML-DSA-87", id: x509ext.MLDSA87, kind: kindSignature, mldsa: mldsa.MLDSA87()},
	{name: "ML-KEM-512", id: x509ext.MLKEM512, kind: kindKEM, scheme: kem.MLKEM512()},
	{name: "ML-KEM-768", id: x509ext.MLKEM768, kind: kindKEM, scheme: kem.MLKEM768()},
	{name: "ML-KEM-1024", id: x509ext.MLKEM1024, kind: kindKEM, scheme: kem.MLKEM1024()},
	{name: "X-Wing", id: x509ext.XWing, kind: kindKEM, scheme: kem.XWing(), seedOnly: true},
}

// compositeAlgorithms are the composite rows, in OID order.
var compositeAlgorithms = func() []algorithm {
	var out []algorithm
	for _, a := range composite.Algorithms() {
		out = append(out, algorithm{name: a.Name(), kind: kindSignature, seedOnly: true, composite: a})
	}
	for _, a := range kemcomposite.Algorithms() {
		out = append(out, algorithm{name: a.Name(), kind: kindKEM, seedOnly: true, compositeKEM: a})
	}
	return out
}()

// isComposite reports whether a is a composite algorithm.
func (a *algorithm) isComposite() bool { return a.composite != nil || a.compositeKEM != nil }

// compositeAlgorithmNames lists the composite signature and KEM names.
func compositeAlgorithmNames(k kind) string {
	var names []string
	for _, a := range compositeAlgorithms {
		if a.kind == k {
			names = append(names, a.name)
		}
	}
	return strings.Join(names, ", ")
}

// algorithmNames lists the table's names for help texts and errors.
func algorithmNames() string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// normalName folds "ml-dsa-65", "MLDSA65" and "mldsa65" to one spelling,
// and "id-MLDSA65-ECDSA-P256-SHA512" to the composite's name.
func normalName(s string) string {
	s = strings.TrimPrefix(strings.ToLower(s), "id-")
	return strings.NewReplacer("-", "", "_", "", " ", "").Replace(s)
}

// lookupAlgorithm finds an algorithm of the main table (the ones bench
// measures) by name, ignoring case and dashes.
func lookupAlgorithm(name string) (*algorithm, error) {
	if a := findAlgorithm(algorithms, name); a != nil {
		return a, nil
	}
	if findAlgorithm(compositeAlgorithms, name) != nil {
		return nil, usagef("%q is a composite algorithm, which key generate and ca init take; here choose one of %s", name, algorithmNames())
	}
	return nil, usagef("unknown algorithm %q: choose one of %s", name, algorithmNames())
}

// lookupKeyAlgorithm finds an algorithm of either table: what key
// generate and ca init take.
func lookupKeyAlgorithm(name string) (*algorithm, error) {
	if a := findAlgorithm(compositeAlgorithms, name); a != nil {
		return a, nil
	}
	if a := findAlgorithm(algorithms, name); a != nil {
		return a, nil
	}
	return nil, usagef("unknown algorithm %q: choose one of %s, or a composite algorithm (see crystals key generate --help)", name, algorithmNames())
}

func findAlgorithm(table []algorithm, name string) *algorithm {
	for i := range table {
		if normalName(table[i].name) == normalName(name) {
			return &table[i]
		}
	}
	return nil
}

// algorithmOf returns the table row of an x509ext algorithm, nil for
// UnknownAlgorithm (the composites, which are not x509ext Algorithms).
func algorithmOf(id x509ext.Algorithm) *algorithm {
	if id == x509ext.UnknownAlgorithm {
		return nil
	}
	for i := range algorithms {
		if algorithms[i].id == id {
			return &algorithms[i]
		}
	}
	return nil
}

// generate makes a new private key of a.
func (a *algorithm) generate() (any, error) {
	switch {
	case a.composite != nil:
		return composite.GenerateKey(a.composite)
	case a.compositeKEM != nil:
		return kemcomposite.GenerateKey(a.compositeKEM)
	}
	switch a.kind {
	case kindSignature:
		return signer.GenerateKey(a.mldsa)
	case kindKEM:
		return a.scheme.GenerateKey()
	}
	return nil, fmt.Errorf("cannot generate %s keys", a.name)
}

// parseForm reads a --form value.
func parseForm(s string) (x509ext.PrivateKeyForm, error) {
	switch strings.ToLower(s) {
	case "seed":
		return x509ext.FormSeed, nil
	case "both":
		return x509ext.FormBoth, nil
	case "expanded":
		return x509ext.FormExpanded, nil
	}
	return 0, usagef("unknown key form %q: choose seed, both or expanded", s)
}

// formFor checks that a can be written in form and returns the marshal
// options for it (X-Wing has its one raw-seed form).
func (a *algorithm) formFor(form x509ext.PrivateKeyForm, asked bool) ([]x509ext.MarshalOption, error) {
	if a.seedOnly {
		if asked && form != x509ext.FormSeed {
			return nil, usagef("%s keys have one PKCS#8 form (%s); --form %s does not apply", a.name, a.rawFormName(), form)
		}
		return nil, nil
	}
	return []x509ext.MarshalOption{form}, nil
}

// rawFormName names the one PKCS#8 form of a seedOnly algorithm.
func (a *algorithm) rawFormName() string {
	if a.isComposite() {
		return "the draft's raw composite key"
	}
	return "the raw seed"
}
