// Package x509ext adds to crypto/x509 what a post-quantum PKI needs and the
// standard library does not have: every PKCS#8 private-key form of RFC 9881
// and draft-ietf-lamps-kyber-certificates (seed, expandedKey and both, with
// consistency checks), SubjectPublicKeyInfo for ML-KEM and X-Wing keys,
// certificates whose subject key is an ML-KEM key, password-encrypted
// PKCS#8 as OpenSSL writes it, PEM helpers, and a small certificate
// authority toolkit (root, intermediate, leaf from a CSR, CRL) with a chain
// verifier that checks ML-DSA signatures with the crystals engine.
//
// Names follow crypto/x509: [ParsePKCS8PrivateKey], [MarshalPKCS8PrivateKey],
// [ParsePKIXPublicKey], [MarshalPKIXPublicKey], [CreateCertificate]. The
// byte-level structures are available on their own as [PrivateKeyInfo] and
// [PublicKeyInfo] for tools that must see exactly what a file holds.
package x509ext
