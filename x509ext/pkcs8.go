package x509ext

import (
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// PrivateKeyForm is the shape of the privateKey OCTET STRING of a PKCS#8
// key: one of the three CHOICE arms of RFC 9881 and
// draft-ietf-lamps-kyber-certificates, or X-Wing's raw seed.
type PrivateKeyForm int

const (
	// FormSeed is seed [0] IMPLICIT OCTET STRING: the 32-byte ξ of ML-DSA or
	// the 64-byte d‖z of ML-KEM. The default when marshalling.
	FormSeed PrivateKeyForm = iota + 1
	// FormExpanded is expandedKey OCTET STRING: the FIPS 204 sk or FIPS 203
	// dk encoding. A key in this form has no seed.
	FormExpanded
	// FormBoth is both SEQUENCE { seed, expandedKey }, OpenSSL 3.5's default
	// output.
	FormBoth
	// FormRawSeed is X-Wing's privateKey: the 32-byte secret key with no
	// ASN.1 wrapper (draft-connolly-cfrg-xwing-kem). It is the only form of
	// X-Wing and is not accepted for ML-DSA or ML-KEM.
	FormRawSeed
)

func (f PrivateKeyForm) String() string {
	switch f {
	case FormSeed:
		return "seed"
	case FormExpanded:
		return "expandedKey"
	case FormBoth:
		return "both"
	case FormRawSeed:
		return "raw seed"
	}
	return fmt.Sprintf("PrivateKeyForm(%d)", int(f))
}

// PrivateKeyInfo is a decoded PKCS#8 OneAsymmetricKey (RFC 5958) of one of
// this package's algorithms, as it stands in the file: nothing has been
// derived or cross-checked yet (that is [PrivateKeyInfo.Check]'s and
// [ParsePKCS8PrivateKey]'s job).
type PrivateKeyInfo struct {
	Algorithm   Algorithm
	Form        PrivateKeyForm
	Seed        []byte // nil in FormExpanded
	ExpandedKey []byte // nil in FormSeed and FormRawSeed
	// PublicKey is the publicKey [1] field of a version 2 OneAsymmetricKey,
	// nil when absent. Parsing accepts it and [PrivateKeyInfo.Check]
	// compares it with the derived public key; marshalling writes it (and
	// version 2) only when it is set.
	PublicKey []byte
}

// Tags inside OneAsymmetricKey and the ML-DSA/ML-KEM private-key CHOICE.
var (
	tagSeed       = cbasn1.Tag(0).ContextSpecific()               // seed [0] IMPLICIT OCTET STRING
	tagAttributes = cbasn1.Tag(0).ContextSpecific().Constructed() // attributes [0] IMPLICIT SET
	tagPublicKey  = cbasn1.Tag(1).ContextSpecific()               // publicKey [1] IMPLICIT BIT STRING
)

// ParsePrivateKeyInfo decodes a DER PKCS#8 private key of an ML-DSA, ML-KEM
// or X-Wing key and checks its structure and lengths: version 0 (v1) or 1
// (v2, which may carry the public key), parameters absent, one of the three
// standard privateKey forms (X-Wing: the raw seed). Attributes are skipped.
//
// Deliberately rejected, each with an error that names it: an untagged raw
// seed or raw expanded key in an ML-DSA/ML-KEM privateKey (pre-standard
// encodings, which OpenSSL calls "bare-seed" and "bare-priv"), a bare
// OCTET STRING holding a seed (early drafts of RFC 9881), a [0]-tagged
// X-Wing seed, and a publicKey field in a version 1 structure.
func ParsePrivateKeyInfo(der []byte) (*PrivateKeyInfo, error) {
	const what = "PKCS#8 private key"
	in := cryptobyte.String(der)
	var oak cryptobyte.String
	if !in.ReadASN1(&oak, cbasn1.SEQUENCE) {
		return nil, parseError(what, "bad tag or length (want SEQUENCE)")
	}
	if !in.Empty() {
		return nil, parseError(what, "%d bytes of trailing data", len(in))
	}
	var version int64
	if !oak.ReadASN1Int64WithTag(&version, cbasn1.INTEGER) {
		return nil, parseError(what, "missing or malformed version INTEGER")
	}
	if version != 0 && version != 1 {
		return nil, parseError(what, "version %d; want 0 (v1) or 1 (v2)", version)
	}
	alg, err := readAlgorithmIdentifier(&oak, what)
	if err != nil {
		return nil, err
	}
	var priv cryptobyte.String
	if !oak.ReadASN1(&priv, cbasn1.OCTET_STRING) {
		return nil, parseError(what, "bad tag or length of privateKey (want OCTET STRING)")
	}
	info := &PrivateKeyInfo{Algorithm: alg}
	if err := info.readPrivateKey(priv); err != nil {
		return nil, err
	}
	if oak.PeekASN1Tag(tagAttributes) && !oak.SkipASN1(tagAttributes) {
		return nil, parseError(what, "malformed attributes [0]")
	}
	if oak.PeekASN1Tag(tagPublicKey) {
		if version != 1 {
			return nil, parseError(what, "publicKey [1] present in a version 0 (v1) structure; it requires version 1 (v2)")
		}
		pk, err := readBitStringBytes(&oak, tagPublicKey, what+" publicKey [1]")
		if err != nil {
			return nil, err
		}
		if err := checkLen("publicKey [1]", alg, pk, alg.PublicKeySize()); err != nil {
			return nil, err
		}
		info.PublicKey = append([]byte(nil), pk...)
	}
	if !oak.Empty() {
		return nil, parseError(what, "unexpected data after the last field (tag 0x%02x)", oak[0])
	}
	return info, nil
}

// readPrivateKey decodes the contents of the privateKey OCTET STRING.
// Which form it is follows from the first (tag) byte and the lengths, both
// public; the seed and expanded key are only copied.
func (info *PrivateKeyInfo) readPrivateKey(priv cryptobyte.String) error {
	alg := info.Algorithm
	raw := []byte(priv)
	if alg == XWing {
		if len(raw) == 2+alg.SeedSize() && raw[0] == 0x80 && int(raw[1]) == alg.SeedSize() {
			return fmt.Errorf("x509ext: X-Wing privateKey is a [0]-tagged seed; the X-Wing draft puts the raw 32-byte seed there with no tag")
		}
		if err := checkLen("private key", alg, raw, alg.SeedSize()); err != nil {
			return err
		}
		info.Form, info.Seed = FormRawSeed, append([]byte(nil), raw...)
		return nil
	}
	err := info.readChoice(priv)
	if err == nil {
		return nil
	}
	// Explain the pre-standard encodings rather than report a tag error.
	switch len(raw) {
	case alg.SeedSize():
		return fmt.Errorf("x509ext: %s privateKey holds %d raw bytes: an untagged seed (pre-standard encoding); RFC 9881 requires seed [0], expandedKey or both", alg, len(raw))
	case alg.ExpandedKeySize():
		return fmt.Errorf("x509ext: %s privateKey holds %d raw bytes: an untagged expanded key (pre-standard encoding); RFC 9881 requires seed [0], expandedKey or both", alg, len(raw))
	}
	return err
}

// readChoice decodes the standard CHOICE { seed [0], expandedKey, both }.
func (info *PrivateKeyInfo) readChoice(priv cryptobyte.String) error {
	alg := info.Algorithm
	what := alg.String() + " privateKey"
	switch {
	case priv.PeekASN1Tag(tagSeed):
		var seed cryptobyte.String
		if !priv.ReadASN1(&seed, tagSeed) || !priv.Empty() {
			return parseError(what, "malformed seed [0]")
		}
		if err := checkLen("seed", alg, seed, alg.SeedSize()); err != nil {
			return err
		}
		info.Form, info.Seed = FormSeed, append([]byte(nil), seed...)
	case priv.PeekASN1Tag(cbasn1.OCTET_STRING):
		var sk cryptobyte.String
		if !priv.ReadASN1(&sk, cbasn1.OCTET_STRING) || !priv.Empty() {
			return parseError(what, "malformed expandedKey OCTET STRING")
		}
		if len(sk) == alg.SeedSize() {
			return fmt.Errorf("x509ext: %s: a bare OCTET STRING of %d bytes is a seed in the encoding of early drafts; RFC 9881 tags it seed [0]", what, len(sk))
		}
		if err := checkLen("expandedKey", alg, sk, alg.ExpandedKeySize()); err != nil {
			return err
		}
		info.Form, info.ExpandedKey = FormExpanded, append([]byte(nil), sk...)
	case priv.PeekASN1Tag(cbasn1.SEQUENCE):
		var both, seed, sk cryptobyte.String
		if !priv.ReadASN1(&both, cbasn1.SEQUENCE) || !priv.Empty() {
			return parseError(what, "malformed both SEQUENCE")
		}
		if !both.ReadASN1(&seed, cbasn1.OCTET_STRING) {
			return parseError(what, "both: bad tag or length of seed (want OCTET STRING)")
		}
		if !both.ReadASN1(&sk, cbasn1.OCTET_STRING) {
			return parseError(what, "both: bad tag or length of expandedKey (want OCTET STRING)")
		}
		if !both.Empty() {
			return parseError(what, "both: unexpected data after expandedKey")
		}
		if err := checkLen("seed", alg, seed, alg.SeedSize()); err != nil {
			return err
		}
		if err := checkLen("expandedKey", alg, sk, alg.ExpandedKeySize()); err != nil {
			return err
		}
		info.Form = FormBoth
		info.Seed = append([]byte(nil), seed...)
		info.ExpandedKey = append([]byte(nil), sk...)
	default:
		if len(priv) == 0 {
			return parseError(what, "empty")
		}
		// Its bytes are not shown: what stands here may be key material.
		return parseError(what, "%d bytes that are none of seed [0] (tag 0x80), expandedKey OCTET STRING (0x04) or both SEQUENCE (0x30)", len(priv))
	}
	return nil
}

// validate checks that info names a known algorithm, a form defined for
// it, and has the fields that form needs with their exact lengths. Every
// function taking a caller's PrivateKeyInfo runs it first.
func (info *PrivateKeyInfo) validate() error {
	if info == nil {
		return errors.New("x509ext: nil PrivateKeyInfo")
	}
	alg := info.Algorithm
	if alg.info() == nil {
		return fmt.Errorf("x509ext: private key of unknown algorithm %s", alg)
	}
	if info.Form < FormSeed || info.Form > FormRawSeed || (alg == XWing) != (info.Form == FormRawSeed) {
		return fmt.Errorf("x509ext: form %s is not defined for %s", info.Form, alg)
	}
	if info.Form != FormExpanded {
		if err := checkLen("seed", alg, info.Seed, alg.SeedSize()); err != nil {
			return err
		}
	}
	if info.Form == FormExpanded || info.Form == FormBoth {
		if err := checkLen("expandedKey", alg, info.ExpandedKey, alg.ExpandedKeySize()); err != nil {
			return err
		}
	}
	if info.PublicKey != nil {
		return checkLen("publicKey", alg, info.PublicKey, alg.PublicKeySize())
	}
	return nil
}

// Marshal encodes info as a DER PKCS#8 OneAsymmetricKey. The fields that
// info.Form needs must be set with their exact lengths; the version is 1
// (v2) only when info.PublicKey is set. Marshal does not check that the
// fields agree; [PrivateKeyInfo.Check] does.
func (info *PrivateKeyInfo) Marshal() ([]byte, error) {
	if err := info.validate(); err != nil {
		return nil, err
	}
	alg := info.Algorithm
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		if info.PublicKey != nil {
			b.AddASN1Int64(1)
		} else {
			b.AddASN1Int64(0)
		}
		addAlgorithmIdentifier(b, alg)
		b.AddASN1(cbasn1.OCTET_STRING, func(b *cryptobyte.Builder) {
			switch info.Form {
			case FormSeed:
				b.AddASN1(tagSeed, func(b *cryptobyte.Builder) { b.AddBytes(info.Seed) })
			case FormExpanded:
				b.AddASN1OctetString(info.ExpandedKey)
			case FormBoth:
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
					b.AddASN1OctetString(info.Seed)
					b.AddASN1OctetString(info.ExpandedKey)
				})
			case FormRawSeed:
				b.AddBytes(info.Seed)
			default:
				b.SetError(fmt.Errorf("unknown private-key form %d", int(info.Form)))
			}
		})
		if info.PublicKey != nil {
			addBitString(b, tagPublicKey, info.PublicKey)
		}
	})
	return builderBytes(&b, "PKCS#8 private key")
}
