package main

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"errors"
	"fmt"

	circlkem "github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/cloudflare/circl/kem/xwing"
	circlsign "github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/crystals-go/crystals/signer"
)

// Implementations the benchmark compares, in table order.
const (
	implCrystals = "crystals"
	implStdlib   = "crypto/mldsa, crypto/mlkem"
	implCircl    = "circl v1.6.5"
)

var implNames = []string{implCrystals, implStdlib, implCircl}

// benchCase is one operation of one algorithm in one implementation. op
// runs the operation once; it returns an error when a result is wrong, so
// a broken implementation cannot look fast.
type benchCase struct {
	alg, op, impl string
	run           func() error
}

var benchMessage = []byte("crystals bench: a short message to sign")

var errBenchResult = errors.New("wrong result")

// benchCases prepares the keys and inputs of every case for the algorithms
// of the table whose names pass keep.
func benchCases(keep func(string) bool) ([]benchCase, error) {
	var cases []benchCase
	for i := range algorithms {
		a := &algorithms[i]
		if !keep(a.name) {
			continue
		}
		var cs []benchCase
		var err error
		switch a.kind {
		case kindSignature:
			cs, err = signatureCases(a)
		case kindKEM:
			cs, err = kemCases(a)
		}
		if err != nil {
			return nil, fmt.Errorf("preparing %s: %w", a.name, err)
		}
		cases = append(cases, cs...)
	}
	return cases, nil
}

var circlSign = map[string]circlsign.Scheme{"ML-DSA-44": mldsa44.Scheme(), "ML-DSA-65": mldsa65.Scheme(), "ML-DSA-87": mldsa87.Scheme()}

// messages gives each signing call another message, so that every
// implementation averages over the rejection-sampling loop's iteration
// counts instead of repeating one message's (deterministic signers would).
type messages struct {
	all [][]byte
	i   int
}

func newMessages() *messages {
	m := &messages{}
	for i := range 64 {
		m.all = append(m.all, fmt.Appendf(nil, "%s #%d", benchMessage, i))
	}
	return m
}

func (m *messages) next() []byte {
	m.i = (m.i + 1) % len(m.all)
	return m.all[m.i]
}

func signatureCases(a *algorithm) ([]benchCase, error) {
	ours, err := signer.GenerateKey(a.mldsa)
	if err != nil {
		return nil, err
	}
	ourSig, err := ours.Sign(nil, benchMessage, nil)
	if err != nil {
		return nil, err
	}
	pkBytes := ours.PublicKey().Bytes()
	prepared := signer.NewVerifier(ours.PublicKey())
	std, err := mldsa.GenerateKey(a.mldsa)
	if err != nil {
		return nil, err
	}
	stdSig, err := std.Sign(nil, benchMessage, nil)
	if err != nil {
		return nil, err
	}
	stdPK := std.PublicKey().Bytes()
	cs := circlSign[a.name]
	cpk, csk, err := cs.GenerateKey()
	if err != nil {
		return nil, err
	}
	csig := cs.Sign(csk, benchMessage, nil)
	cpkBytes, err := cpk.MarshalBinary()
	if err != nil {
		return nil, err
	}
	check := func(ok bool) error {
		if !ok {
			return errBenchResult
		}
		return nil
	}
	m1, m2, m3 := newMessages(), newMessages(), newMessages()
	return []benchCase{
		{a.name, "key generation", implCrystals, func() error { _, err := signer.GenerateKey(a.mldsa); return err }},
		{a.name, "key generation", implStdlib, func() error { _, err := mldsa.GenerateKey(a.mldsa); return err }},
		{a.name, "key generation", implCircl, func() error { _, _, err := cs.GenerateKey(); return err }},
		{a.name, "sign", implCrystals, func() error { _, err := ours.Sign(nil, m1.next(), nil); return err }},
		{a.name, "sign", implStdlib, func() error { _, err := std.Sign(nil, m2.next(), nil); return err }},
		{a.name, "sign", implCircl, func() error { return check(len(cs.Sign(csk, m3.next(), nil)) == cs.SignatureSize()) }},
		{a.name, "verify", implCrystals, func() error { return prepared.Verify(benchMessage, ourSig, nil) }},
		{a.name, "verify", implStdlib, func() error { return mldsa.Verify(std.PublicKey(), benchMessage, stdSig, nil) }},
		{a.name, "verify", implCircl, func() error { return check(cs.Verify(cpk, benchMessage, csig, nil)) }},
		{a.name, "verify from key bytes", implCrystals, func() error {
			return signer.VerifyBytes(a.mldsa, pkBytes, benchMessage, ourSig, nil)
		}},
		{a.name, "verify from key bytes", implStdlib, func() error {
			pk, err := mldsa.NewPublicKey(a.mldsa, stdPK)
			if err != nil {
				return err
			}
			return mldsa.Verify(pk, benchMessage, stdSig, nil)
		}},
		{a.name, "verify from key bytes", implCircl, func() error {
			pk, err := cs.UnmarshalBinaryPublicKey(cpkBytes)
			if err != nil {
				return err
			}
			return check(cs.Verify(pk, benchMessage, csig, nil))
		}},
	}, nil
}

var circlKEM = map[string]circlkem.Scheme{"ML-KEM-512": mlkem512.Scheme(), "ML-KEM-768": mlkem768.Scheme(), "ML-KEM-1024": mlkem1024.Scheme(), "X-Wing": xwing.Scheme()}

func kemCases(a *algorithm) ([]benchCase, error) {
	dk, err := a.scheme.GenerateKey()
	if err != nil {
		return nil, err
	}
	ek := dk.PublicKey()
	_, ct := ek.Encapsulate()
	cs := circlKEM[a.name]
	cpk, csk, err := cs.GenerateKeyPair()
	if err != nil {
		return nil, err
	}
	cct, _, err := cs.Encapsulate(cpk)
	if err != nil {
		return nil, err
	}
	cases := []benchCase{
		{a.name, "key generation", implCrystals, func() error { _, err := a.scheme.GenerateKey(); return err }},
		{a.name, "key generation", implCircl, func() error { _, _, err := cs.GenerateKeyPair(); return err }},
		{a.name, "encapsulate", implCrystals, func() error { ek.Encapsulate(); return nil }},
		{a.name, "encapsulate", implCircl, func() error { _, _, err := cs.Encapsulate(cpk); return err }},
		{a.name, "decapsulate", implCrystals, func() error { _, err := dk.Decapsulate(ct); return err }},
		{a.name, "decapsulate", implCircl, func() error { _, err := cs.Decapsulate(csk, cct); return err }},
	}
	std, err := stdlibKEMCases(a.name)
	if err != nil {
		return nil, err
	}
	return append(cases, std...), nil
}

// stdlibKEMCases are crypto/mlkem's cases; it has ML-KEM-768 and -1024 only.
func stdlibKEMCases(name string) ([]benchCase, error) {
	switch name {
	case "ML-KEM-768":
		return stdlibKEM(name, mlkem.GenerateKey768, (*mlkem.DecapsulationKey768).EncapsulationKey)
	case "ML-KEM-1024":
		return stdlibKEM(name, mlkem.GenerateKey1024, (*mlkem.DecapsulationKey1024).EncapsulationKey)
	}
	return nil, nil
}

// stdlibKEM builds the three cases of one crypto/mlkem parameter set.
func stdlibKEM[DK interface{ Decapsulate([]byte) ([]byte, error) }, EK interface{ Encapsulate() ([]byte, []byte) }](
	name string, generate func() (DK, error), public func(DK) EK) ([]benchCase, error) {
	dk, err := generate()
	if err != nil {
		return nil, err
	}
	ek := public(dk)
	_, ct := ek.Encapsulate()
	return []benchCase{
		{name, "key generation", implStdlib, func() error { _, err := generate(); return err }},
		{name, "encapsulate", implStdlib, func() error { ek.Encapsulate(); return nil }},
		{name, "decapsulate", implStdlib, func() error { _, err := dk.Decapsulate(ct); return err }},
	}, nil
}
