package main

import (
	"crypto/mldsa"
	"fmt"
	"strings"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// kind is what a key algorithm does.
type kind int

const (
	kindSignature kind = iota + 1
	kindKEM
)

// algorithm is one row of the table of key algorithms the tool generates and
// benchmarks. New key types (the composite ML-DSA and ML-KEM keys, once
// x509ext encodes them in PKCS#8 and SPKI) are added here: key generate,
// lookups, the help texts and bench read this table, and generate and
// benchCases switch on its kind.
type algorithm struct {
	name     string            // canonical name, as printed
	id       x509ext.Algorithm // the PKCS#8 / SPKI algorithm
	kind     kind
	mldsa    mldsa.Parameters // for kindSignature
	scheme   kem.Scheme       // for kindKEM
	seedOnly bool             // a key with one PKCS#8 form only (X-Wing's raw seed)
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

// algorithmNames lists the table's names for help texts and errors.
func algorithmNames() string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// normalName folds "ml-dsa-65", "MLDSA65" and "mldsa65" to one spelling.
func normalName(s string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(s))
}

// lookupAlgorithm finds an algorithm by name, ignoring case and dashes.
func lookupAlgorithm(name string) (*algorithm, error) {
	for i := range algorithms {
		if normalName(algorithms[i].name) == normalName(name) {
			return &algorithms[i], nil
		}
	}
	return nil, usagef("unknown algorithm %q: choose one of %s (composite keys are not available yet: x509ext does not encode them)", name, algorithmNames())
}

// algorithmOf returns the table row of an x509ext algorithm.
func algorithmOf(id x509ext.Algorithm) *algorithm {
	for i := range algorithms {
		if algorithms[i].id == id {
			return &algorithms[i]
		}
	}
	return nil
}

// generate makes a new private key of a.
func (a *algorithm) generate() (any, error) {
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
			return nil, usagef("%s keys have one PKCS#8 form (the raw seed); --form %s does not apply", a.name, form)
		}
		return nil, nil
	}
	return []x509ext.MarshalOption{form}, nil
}
