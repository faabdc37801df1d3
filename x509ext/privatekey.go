package x509ext

import (
	"crypto/x509"
	"fmt"
)

// MarshalOption adjusts [MarshalPKCS8PrivateKey]. A [PrivateKeyForm] is a
// MarshalOption: MarshalPKCS8PrivateKey(key, x509ext.FormBoth).
type MarshalOption interface {
	applyMarshal(*marshalConfig)
}

type marshalConfig struct {
	form PrivateKeyForm
}

func (f PrivateKeyForm) applyMarshal(c *marshalConfig) { c.form = f }

// ParsePKCS8PrivateKey parses a DER PKCS#8 private key in any of the forms
// of RFC 9881 and draft-ietf-lamps-kyber-certificates, checks that its
// parts agree ([PrivateKeyInfo.Check]) and returns the key object:
// *signer.PrivateKey for ML-DSA (a crypto.Signer whose Public() is
// *mldsa.PublicKey), *kem.DecapsulationKey512/768/1024 for ML-KEM,
// *kem.XWingDecapsulationKey for X-Wing; for the composite signatures a
// *composite.PrivateKey of package signer/composite and for the composite
// KEMs a *composite.DecapsulationKey of package kem/composite, from the
// draft's one form (version 0, the raw private key in the OCTET STRING).
// Keys of other algorithms are handed to crypto/x509.ParsePKCS8PrivateKey,
// so this function is a drop-in replacement.
func ParsePKCS8PrivateKey(der []byte) (any, error) {
	if alg, ok := compositeOf(der, true); ok {
		return parseCompositePrivateKey(alg, der)
	}
	if !isOurs(der, true) {
		return x509.ParsePKCS8PrivateKey(der)
	}
	info, err := ParsePrivateKeyInfo(der)
	if err != nil {
		return nil, err
	}
	k, err := info.load()
	if err != nil {
		return nil, err
	}
	return k.key, nil
}

// MarshalPKCS8PrivateKey encodes a private key as DER PKCS#8. ML-DSA and
// ML-KEM keys are written in [FormSeed] unless an option asks for
// [FormExpanded] or [FormBoth]; a key without a seed can only be written as
// FormExpanded. X-Wing keys are always [FormRawSeed]. Other keys are handed
// to crypto/x509.MarshalPKCS8PrivateKey. Composite keys are written in
// their drafts' only form, version 0 with the raw private key (mldsaSeed ‖
// tradSK, mlkemSeed ‖ tradSK) in the OCTET STRING; forms do not apply.
func MarshalPKCS8PrivateKey(key any, opts ...MarshalOption) ([]byte, error) {
	if oid, raw, ok, err := compositePrivateKeyOf(key); ok {
		if err != nil {
			return nil, err
		}
		if len(opts) > 0 {
			return nil, fmt.Errorf("x509ext: private-key forms apply to ML-DSA and ML-KEM keys, not to the composite %T, which has one form", key)
		}
		return marshalCompositePKCS8(oid, raw)
	}
	info, ok, err := privateKeyInfoOf(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		if len(opts) > 0 {
			return nil, fmt.Errorf("x509ext: private-key forms apply to ML-DSA and ML-KEM keys, not %T", key)
		}
		return x509.MarshalPKCS8PrivateKey(key)
	}
	cfg := marshalConfig{form: FormSeed}
	if info.Algorithm == XWing {
		cfg.form = FormRawSeed
	}
	for _, o := range opts {
		o.applyMarshal(&cfg)
	}
	out, err := info.inForm(cfg.form)
	if err != nil {
		return nil, err
	}
	return out.Marshal()
}

// inForm returns info re-expressed in form, deriving the expanded key from
// the seed when form needs it.
func (info *PrivateKeyInfo) inForm(form PrivateKeyForm) (*PrivateKeyInfo, error) {
	alg := info.Algorithm
	out := &PrivateKeyInfo{Algorithm: alg, Form: form}
	if form != FormExpanded {
		if info.Seed == nil {
			return nil, fmt.Errorf("x509ext: this %s key has no seed (it was loaded from an expanded key); it can only be written in the expandedKey form", alg)
		}
		out.Seed = info.Seed
	}
	if form == FormExpanded || form == FormBoth {
		out.ExpandedKey = info.ExpandedKey
		if out.ExpandedKey == nil {
			k, err := keyFromSeed(alg, info.Seed, true)
			if err != nil {
				return nil, err
			}
			if k.expanded == nil {
				return nil, fmt.Errorf("x509ext: %s has no %s form", alg, form)
			}
			out.ExpandedKey = k.expanded
		}
	}
	return out, nil
}
