package kem

import (
	"crypto/hpke"
	"errors"
	"fmt"
)

// This file gives every key of this package that crypto/hpke supports one way
// into crypto/hpke (HPKEPublicKey, HPKEPrivateKey) and one way back
// (FromHPKEPublicKey, FromHPKEPrivateKey).
//
// crypto/hpke type-checks its ML-KEM keys: it takes only crypto/mlkem's
// encapsulation key types. So an hpke.PublicKey made here holds a crypto/mlkem
// key converted through its bytes, and sealing to it (hpke.Seal,
// hpke.NewSender) encapsulates with crypto/mlkem. An hpke.PrivateKey made here
// holds this package's key itself, and opening with it (hpke.Open,
// hpke.NewRecipient) decapsulates in the crystals engine. The ECDH halves of
// the hybrids run in crypto/ecdh on both sides.
//
// HPKE KEM identifiers covered: ML-KEM-768 (0x0041), ML-KEM-1024 (0x0042),
// MLKEM768-X25519 (0x647a, X-Wing), MLKEM768-P256 (0x0050) and MLKEM1024-P384
// (0x0051). crypto/hpke has no ML-KEM-512.

// HPKEPublicKey returns the key as a crypto/hpke ML-KEM-768 public key, to
// seal to with hpke.Seal or hpke.NewSender. crypto/hpke encapsulates with
// crypto/mlkem: it accepts no other ML-KEM type.
func (ek *EncapsulationKey768) HPKEPublicKey() (hpke.PublicKey, error) {
	if ek == nil || ek.k == nil {
		return nil, ErrZeroKey
	}
	return hpkePublicKey(hpke.MLKEM768(), ek)
}

// HPKEPublicKey returns the key as a crypto/hpke ML-KEM-1024 public key; see
// [EncapsulationKey768.HPKEPublicKey].
func (ek *EncapsulationKey1024) HPKEPublicKey() (hpke.PublicKey, error) {
	if ek == nil || ek.k == nil {
		return nil, ErrZeroKey
	}
	return hpkePublicKey(hpke.MLKEM1024(), ek)
}

// HPKEPublicKey returns the key as a crypto/hpke MLKEM768-X25519 public key
// (HPKE's name for X-Wing); crypto/hpke encapsulates with crypto/mlkem and
// crypto/ecdh.
func (ek *XWingEncapsulationKey) HPKEPublicKey() (hpke.PublicKey, error) {
	if ek == nil || ek.pq == nil {
		return nil, ErrZeroKey
	}
	return hpkePublicKey(hpke.MLKEM768X25519(), ek)
}

// HPKEPrivateKey returns the key as a crypto/hpke ML-KEM-768 private key:
// hpke.Open and hpke.NewRecipient decapsulate with this key, in the crystals
// engine. Its Bytes method returns the seed (nil for a key loaded from the
// expanded encoding).
func (dk *DecapsulationKey768) HPKEPrivateKey() (hpke.PrivateKey, error) {
	if dk == nil || dk.decapsulationKey.s == nil {
		return nil, ErrZeroKey
	}
	return hpkePrivateKey(hpke.NewMLKEMPrivateKey(dk))
}

// HPKEPrivateKey returns the key as a crypto/hpke ML-KEM-1024 private key;
// see [DecapsulationKey768.HPKEPrivateKey].
func (dk *DecapsulationKey1024) HPKEPrivateKey() (hpke.PrivateKey, error) {
	if dk == nil || dk.decapsulationKey.s == nil {
		return nil, ErrZeroKey
	}
	return hpkePrivateKey(hpke.NewMLKEMPrivateKey(dk))
}

// HPKEPublicKey returns the TLS hybrid's two public keys as the crypto/hpke
// hybrid KEM of the same parts: MLKEM768-X25519 for [X25519MLKEM768],
// MLKEM768-P256 for [SecP256r1MLKEM768], MLKEM1024-P384 for
// [SecP384r1MLKEM1024]. HPKE's hybrids hash the shares together (as X-Wing
// does) where TLS concatenates them, so the key pair then serves a second
// KEM with other shared secrets; crypto/hpke encapsulates with crypto/mlkem
// and crypto/ecdh.
func (ek *HybridEncapsulationKey) HPKEPublicKey() (hpke.PublicKey, error) {
	if ek == nil || ek.s == nil {
		return nil, ErrZeroKey
	}
	pq, err := ek.s.pq.stdlib(ek.pq.k.AppendBytes(nil))
	if err != nil {
		return nil, schemeError(ek.s.name, err)
	}
	pk, err := hpke.NewHybridPublicKey(pq, ek.ec)
	if err != nil {
		return nil, schemeError(ek.s.name, fmt.Errorf("crypto/hpke: %w", err))
	}
	return pk, nil
}

// HPKEPrivateKey returns the TLS hybrid's two private keys as the crypto/hpke
// hybrid KEM of the same parts (see [HybridEncapsulationKey.HPKEPublicKey]):
// hpke.Open decapsulates the ML-KEM half in the crystals engine and the ECDH
// half with this key's [ecdh.KeyExchanger]. The hpke key has no seed of
// HPKE's form, so its Bytes method returns an error.
func (dk *HybridDecapsulationKey) HPKEPrivateKey() (hpke.PrivateKey, error) {
	if dk == nil || dk.s == nil {
		return nil, ErrZeroKey
	}
	k, err := hpke.NewHybridPrivateKey(dk.pq, dk.ec)
	if err != nil {
		return nil, schemeError(dk.s.name, fmt.Errorf("crypto/hpke: %w", err))
	}
	return k, nil
}

// FromHPKEPublicKey returns this package's encapsulation key for a crypto/hpke
// public key of ML-KEM-768, ML-KEM-1024, MLKEM768-X25519 (X-Wing),
// MLKEM768-P256 or MLKEM1024-P384: *EncapsulationKey768,
// *EncapsulationKey1024, *XWingEncapsulationKey or
// *HPKEHybridEncapsulationKey, whose Encapsulate runs in the crystals engine
// and gives what crypto/hpke's KEM would.
func FromHPKEPublicKey(pk hpke.PublicKey) (EncapsulationKey, error) {
	if pk == nil {
		return nil, errors.New("kem: nil hpke.PublicKey")
	}
	s, err := hpkeScheme(pk.KEM().ID())
	if err != nil {
		return nil, err
	}
	return s.NewEncapsulationKey(pk.Bytes())
}

// FromHPKEPrivateKey returns this package's decapsulation key for a crypto/hpke
// private key of one of the KEMs [FromHPKEPublicKey] takes, through its seed
// (hpke.PrivateKey.Bytes): *DecapsulationKey768, *DecapsulationKey1024,
// *XWingDecapsulationKey or *HPKEHybridDecapsulationKey. Call HPKEPrivateKey
// on the result, where it has that method, to open in crypto/hpke with the
// crystals engine. A key without a seed is an error.
func FromHPKEPrivateKey(sk hpke.PrivateKey) (DecapsulationKey, error) {
	if sk == nil {
		return nil, errors.New("kem: nil hpke.PrivateKey")
	}
	s, err := hpkeScheme(sk.KEM().ID())
	if err != nil {
		return nil, err
	}
	seed, err := sk.Bytes()
	if err != nil || seed == nil {
		return nil, fmt.Errorf("kem: the hpke %s private key has no seed to load (%v)", s.Name(), err)
	}
	return s.NewDecapsulationKey(seed)
}

// hpkeScheme is the scheme of an HPKE KEM identifier whose keys convert to
// this package's.
func hpkeScheme(id uint16) (Scheme, error) {
	if s := SchemeByHPKEKEM(id); s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("kem: HPKE KEM 0x%04x has no key type in this package (ML-KEM-768 0x0041, ML-KEM-1024 0x0042, MLKEM768-P256 0x0050, MLKEM1024-P384 0x0051 and X-Wing 0x647a have)", id)
}

// hpkePublicKey parses the bytes of ek, a key made by a constructor, as a
// public key of kem.
func hpkePublicKey(kem hpke.KEM, ek EncapsulationKey) (hpke.PublicKey, error) {
	pk, err := kem.NewPublicKey(ek.Bytes())
	if err != nil {
		return nil, schemeError(ek.Scheme().Name(), fmt.Errorf("crypto/hpke: %w", err))
	}
	return pk, nil
}

func hpkePrivateKey(k hpke.PrivateKey, err error) (hpke.PrivateKey, error) {
	if err != nil {
		return nil, fmt.Errorf("kem: crypto/hpke: %w", err)
	}
	return k, nil
}
