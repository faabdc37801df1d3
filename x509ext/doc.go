// Package x509ext adds to crypto/x509 what a post-quantum PKI needs and the
// standard library does not have: every PKCS#8 private-key form of RFC 9881
// and draft-ietf-lamps-kyber-certificates (seed, expandedKey and both, with
// consistency checks), SubjectPublicKeyInfo for ML-KEM and X-Wing keys,
// certificates whose subject key is an ML-KEM, X-Wing or composite key, password-
// encrypted PKCS#8 as OpenSSL writes it, PEM helpers, conversions to and
// from the standard library's and circl's keys, and a small certificate
// authority toolkit (root, intermediate, leaf from a CSR, CRL) with a chain
// verifier that checks ML-DSA signatures with the crystals engine.
//
// [Verify] reaches crypto/x509's verdict on the same inputs: the same path
// rules (validity, basicConstraints, path lengths counting self-issued
// CAs, EKU nesting, unhandled critical extensions on every certificate,
// certificate policies, the host name) and name constraints as crypto/x509
// reads them, found by the same bounded search (signatures checked as the
// chain grows, at most 100 candidate issuers). It differs on purpose in
// what it verifies with (its own ML-DSA verifier), in never using system
// roots, and in refusing nil or unparsed certificates. The CA toolkit
// applies the same rules before it signs, so it does not issue what Verify
// would reject ([CA.IssueFromCSR] refuses "*.example.com" under an
// excluded "secret.example.com"). [VerifyCRL] requires of the issuer what
// crypto/x509's RevocationList.CheckSignatureFrom does.
//
// Names follow crypto/x509: [ParsePKCS8PrivateKey], [MarshalPKCS8PrivateKey],
// [ParsePKIXPublicKey], [MarshalPKIXPublicKey], [CreateCertificate]; keys of
// other algorithms pass through to crypto/x509. [LoadX509KeyPair] and
// [X509KeyPair] are crypto/tls's functions of those names with this
// package's key parser, so that the tls.Certificate's PrivateKey is the
// crystals signer. Key objects are
// *signer.PrivateKey and the standard library's *mldsa.PublicKey for ML-DSA,
// and package kem's keys for ML-KEM and X-Wing. The byte-level structures
// are available on their own as [PrivateKeyInfo] and [PublicKeyInfo] for
// tools that must see exactly what a file holds.
//
// Composite keys (draft-ietf-lamps-pq-composite-sigs-19, packages
// signer/composite and kem/composite; draft-ietf-lamps-pq-composite-kem-17)
// pass through [ParsePKIXPublicKey], [MarshalPKIXPublicKey],
// [ParsePKCS8PrivateKey], [MarshalPKCS8PrivateKey] and the PEM and
// password-encryption helpers on them, in the drafts' one form: the
// composite OID with absent parameters and the raw concatenation of the two
// keys. [CheckSignatureFrom] checks ML-DSA, composite and classical
// certificate signatures on certificates crypto/x509 parsed.
// [CreateCertificate], [CreateCSR] and [CreateRevocationList] sign with
// composite keys and certify composite (and ML-KEM, X-Wing) subject keys,
// building the TBSCertificate, CertificationRequestInfo and TBSCertList with
// cryptobyte in crypto/x509's own encoding; [VerifyCSR], [VerifyCRL] and
// [Verify] check composite signatures, so chains may mix pure ML-DSA,
// composite and classical certificates; the CA toolkit takes composite keys
// and [CompositeProfile] makes a composite root and intermediate.
//
// Encodings outside the standards are handled deliberately: an untagged raw
// seed or raw expanded key, and a seed in a bare OCTET STRING (early drafts),
// are rejected with an error naming them; a version 2 OneAsymmetricKey with
// a public key is accepted when that key matches the private key, and is
// never written unless asked for; X-Wing keys use the raw 32-byte seed their
// draft specifies, and only that.
//
// A nil or zero-value key (one no constructor made, of this module or of the
// standard library) given to a parsing, marshalling or conversion function
// is an error, never a panic.
package x509ext
