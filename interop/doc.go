// Package interop holds crystals to implementations it did not write: OpenSSL
// 3.5 (TLS both ways, certificates, keys, signatures, KEM), the Go standard
// library and circl. It has no code of its own; everything is in its tests.
package interop
