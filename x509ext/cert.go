package x509ext

import (
	"crypto"
	"crypto/ed25519"
	"crypto/x509"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// CreateCertificate works like crypto/x509.CreateCertificate and also
// accepts subject keys the standard library cannot encode: ML-KEM and
// X-Wing keys (a key object of [NewPublicKey] or a *[PublicKeyInfo]).
//
// For those keys the certificate follows draft-ietf-lamps-kyber-certificates:
// the key usage must be keyEncipherment alone (it is set when the template
// leaves it zero), the certificate cannot be a CA, and a KEM key cannot sign,
// so the certificate cannot be self-signed. When template.SubjectKeyId is
// empty it is the leftmost 160 bits of SHA-256 of the key (RFC 7093 method
// 1, as crypto/x509 does for CAs).
//
// How: crypto/x509 builds the whole TBSCertificate (names, validity,
// extensions) around a placeholder key; this function puts the real
// SubjectPublicKeyInfo in its place and has priv sign the result, with the
// options crypto/x509 used. The issuer therefore signs twice; the first
// signature is discarded.
func CreateCertificate(rand io.Reader, template, parent *x509.Certificate, pub, priv any) ([]byte, error) {
	if template == nil || parent == nil {
		return nil, errors.New("x509ext: CreateCertificate needs a template and a parent (the template itself for a self-signed certificate)")
	}
	info, ours, err := publicKeyInfoOf(pub)
	if err != nil {
		return nil, err
	}
	if ours && info.Algorithm.isMLDSA() {
		// crypto/x509 encodes ML-DSA keys itself; give it its key type.
		if pub, err = NewPublicKey(info.Algorithm, info.PublicKey); err != nil {
			return nil, err
		}
	}
	if !ours || info.Algorithm.isMLDSA() {
		return x509.CreateCertificate(rand, template, parent, pub, priv)
	}
	signer, ok := priv.(crypto.Signer)
	if !ok {
		return nil, errors.New("x509ext: certificate private key does not implement crypto.Signer")
	}
	if template.IsCA {
		return nil, fmt.Errorf("x509ext: a %s key cannot be a CA's key (it cannot sign)", info.Algorithm)
	}
	if template.KeyUsage != 0 && template.KeyUsage != x509.KeyUsageKeyEncipherment {
		return nil, fmt.Errorf("x509ext: a %s certificate's key usage must be keyEncipherment only (draft-ietf-lamps-kyber-certificates), got %#x", info.Algorithm, template.KeyUsage)
	}
	spki, err := info.Marshal()
	if err != nil {
		return nil, err
	}
	tmpl := *template
	tmpl.KeyUsage = x509.KeyUsageKeyEncipherment
	if len(tmpl.SubjectKeyId) == 0 {
		if tmpl.SubjectKeyId, err = subjectKeyID(info); err != nil {
			return nil, err
		}
	}
	recorder := &optsRecorder{Signer: signer}
	placeholder := make(ed25519.PublicKey, ed25519.PublicKeySize)
	draft, err := x509.CreateCertificate(rand, &tmpl, parent, placeholder, recorder)
	if err != nil {
		return nil, err
	}
	draftCert, err := x509.ParseCertificate(draft)
	if err != nil {
		return nil, err
	}
	tbs, err := replaceTBSPublicKey(draftCert.RawTBSCertificate, spki)
	if err != nil {
		return nil, err
	}
	signature, err := crypto.SignMessage(signer, rand, tbs, recorder.opts)
	if err != nil {
		return nil, err
	}
	// Check the signature as crypto/x509 does, against the signer's key.
	if err := (&x509.Certificate{PublicKey: signer.Public()}).CheckSignature(draftCert.SignatureAlgorithm, tbs, signature); err != nil {
		return nil, wrapError("signature returned by signer is invalid", err)
	}
	return assembleSigned(tbs, draftCert.RawTBSCertificate, draft, signature)
}

// optsRecorder is a crypto.Signer that signs with the wrapped signer and
// remembers the options crypto/x509 chose, so that the real TBS is signed
// the same way.
type optsRecorder struct {
	crypto.Signer
	opts crypto.SignerOpts
}

func (r *optsRecorder) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	r.opts = opts
	return r.Signer.Sign(rand, digest, opts)
}

func (r *optsRecorder) SignMessage(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	r.opts = opts
	return crypto.SignMessage(r.Signer, rand, msg, opts)
}

// replaceTBSPublicKey returns tbs with its subjectPublicKeyInfo (the
// seventh field, RFC 5280 Section 4.1) replaced by spki.
func replaceTBSPublicKey(tbs, spki []byte) ([]byte, error) {
	in := cryptobyte.String(tbs)
	var body cryptobyte.String
	if !in.ReadASN1(&body, cbasn1.SEQUENCE) {
		return nil, errors.New("x509ext: malformed TBSCertificate")
	}
	var b cryptobyte.Builder
	var err error
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		// version [0], serialNumber, signature, issuer, validity, subject.
		for i := 0; i < 6; i++ {
			var field cryptobyte.String
			if !body.ReadAnyASN1Element(&field, nil) {
				err = errors.New("x509ext: malformed TBSCertificate")
				return
			}
			b.AddBytes(field)
		}
		if !body.SkipASN1(cbasn1.SEQUENCE) {
			err = errors.New("x509ext: malformed TBSCertificate subjectPublicKeyInfo")
			return
		}
		b.AddBytes(spki)
		b.AddBytes(body) // issuerUniqueID, subjectUniqueID, extensions
	})
	if err != nil {
		return nil, err
	}
	return builderBytes(&b, "TBSCertificate")
}

// assembleSigned builds Certificate ::= SEQUENCE { tbs, signatureAlgorithm,
// signatureValue } from the new tbs, taking signatureAlgorithm from the
// draft certificate (it follows the draft's TBS).
func assembleSigned(tbs, draftTBS, draft, signature []byte) ([]byte, error) {
	in := cryptobyte.String(draft)
	var body, sigAlg cryptobyte.String
	if !in.ReadASN1(&body, cbasn1.SEQUENCE) || !body.Skip(len(draftTBS)) || !body.ReadASN1Element(&sigAlg, cbasn1.SEQUENCE) {
		return nil, errors.New("x509ext: malformed draft certificate")
	}
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddBytes(tbs)
		b.AddBytes(sigAlg)
		addBitString(b, cbasn1.BIT_STRING, signature)
	})
	return builderBytes(&b, "Certificate")
}
