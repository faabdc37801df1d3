package x509ext

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	cryptorand "crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/asn1"
	"errors"
	"fmt"
	"hash"
	"io"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// Password-based encryption of PKCS#8 keys: PBES2 (RFC 8018 Section 6.2)
// with PBKDF2 and AES-CBC, the EncryptedPrivateKeyInfo of RFC 5958 Section
// 3, as `openssl pkcs8 -topk8 -v2 aes-256-cbc` and `openssl genpkey
// -aes-256-cbc` write it.

var (
	oidPBES2      = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 13}
	oidPBKDF2     = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 12}
	oidHMACSHA1   = asn1.ObjectIdentifier{1, 2, 840, 113549, 2, 7}
	oidHMACSHA256 = asn1.ObjectIdentifier{1, 2, 840, 113549, 2, 9}
	oidHMACSHA384 = asn1.ObjectIdentifier{1, 2, 840, 113549, 2, 10}
	oidHMACSHA512 = asn1.ObjectIdentifier{1, 2, 840, 113549, 2, 11}
	oidAES128CBC  = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 2}
	oidAES192CBC  = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 22}
	oidAES256CBC  = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 42}
)

// The PRFs and ciphers DecryptPKCS8PrivateKey reads. Writing always uses
// HMAC-SHA256 and AES-256-CBC.
// The PRF is HMAC over the hash (crypto/pbkdf2 builds the HMAC).
var pbkdf2PRFs = []struct {
	oid     asn1.ObjectIdentifier
	newHash func() hash.Hash
}{
	{oidHMACSHA1, sha1.New}, {oidHMACSHA256, sha256.New},
	{oidHMACSHA384, sha512.New384}, {oidHMACSHA512, sha512.New},
}

var aesCBCKeySizes = []struct {
	oid     asn1.ObjectIdentifier
	keySize int
}{
	{oidAES128CBC, 16}, {oidAES192CBC, 24}, {oidAES256CBC, 32},
}

// DefaultPBKDF2Iterations is the PBKDF2 iteration count
// [EncryptPKCS8PrivateKey] uses when EncryptOptions.Iterations is 0
// (OWASP's 2023 figure for PBKDF2-HMAC-SHA256; OpenSSL's default is 2048).
const DefaultPBKDF2Iterations = 600_000

// maxPBKDF2Iterations bounds the work a decrypted file can demand.
const maxPBKDF2Iterations = 10_000_000

// EncryptOptions adjusts [EncryptPKCS8PrivateKey].
type EncryptOptions struct {
	// Iterations is the PBKDF2 iteration count; 0 means
	// DefaultPBKDF2Iterations.
	Iterations int
}

// EncryptPKCS8PrivateKey encrypts a DER PKCS#8 private key under password
// with PBES2 (PBKDF2-HMAC-SHA256, 16-byte salt, AES-256-CBC) and returns the
// DER EncryptedPrivateKeyInfo. rand supplies the salt and IV; nil means
// crypto/rand.
func EncryptPKCS8PrivateKey(rand io.Reader, pkcs8 []byte, password []byte, opts *EncryptOptions) ([]byte, error) {
	if len(pkcs8) == 0 {
		return nil, errors.New("x509ext: no PKCS#8 private key to encrypt")
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	iterations := DefaultPBKDF2Iterations
	if opts != nil && opts.Iterations != 0 {
		iterations = opts.Iterations
	}
	if iterations < 1 || iterations > maxPBKDF2Iterations {
		return nil, fmt.Errorf("x509ext: PBKDF2 iteration count %d outside [1, %d]", iterations, maxPBKDF2Iterations)
	}
	var saltIV [16 + aes.BlockSize]byte
	if _, err := io.ReadFull(rand, saltIV[:]); err != nil {
		return nil, fmt.Errorf("x509ext: reading salt and IV: %w", err)
	}
	salt, iv := saltIV[:16], saltIV[16:]
	block, err := pbes2Cipher(sha256.New, password, salt, iterations, 32)
	if err != nil {
		return nil, err
	}
	// PKCS#7 padding (RFC 8018 Section 6.1.1 step 4).
	pad := aes.BlockSize - len(pkcs8)%aes.BlockSize
	ct := make([]byte, len(pkcs8)+pad)
	copy(ct, pkcs8)
	for i := len(pkcs8); i < len(ct); i++ {
		ct[i] = byte(pad)
	}
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(ct, ct)

	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // encryptionAlgorithm
			b.AddASN1ObjectIdentifier(oidPBES2)
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // PBES2-params
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // keyDerivationFunc
					b.AddASN1ObjectIdentifier(oidPBKDF2)
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // PBKDF2-params
						b.AddASN1OctetString(salt)
						b.AddASN1Int64(int64(iterations))
						b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // prf
							b.AddASN1ObjectIdentifier(oidHMACSHA256)
							b.AddASN1NULL()
						})
					})
				})
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // encryptionScheme
					b.AddASN1ObjectIdentifier(oidAES256CBC)
					b.AddASN1OctetString(iv)
				})
			})
		})
		b.AddASN1OctetString(ct)
	})
	return builderBytes(&b, "EncryptedPrivateKeyInfo")
}

// pbes2Cipher derives the AES key with PBKDF2 (RFC 8018 Section 5.2) and
// returns the block cipher; the derived key bytes are cleared.
func pbes2Cipher(prf func() hash.Hash, password, salt []byte, iterations, keySize int) (cipher.Block, error) {
	key, err := pbkdf2.Key(prf, string(password), salt, iterations, keySize)
	if err != nil {
		return nil, err
	}
	defer clear(key)
	return aes.NewCipher(key)
}

// errDecrypt is returned for a wrong password as well as for corrupted
// ciphertext: the two are not told apart.
var errDecrypt = errors.New("x509ext: decrypting PKCS#8 private key: wrong password or corrupted data")

// pbes2Params is the decoded parameters of a PBES2 EncryptedPrivateKeyInfo.
type pbes2Params struct {
	salt       []byte
	iterations int64
	keyLength  int64 // 0 when absent
	prf        func() hash.Hash
	keySize    int
	iv         []byte
}

// DecryptPKCS8PrivateKey decrypts a DER EncryptedPrivateKeyInfo written with
// PBES2, PBKDF2 (HMAC-SHA1/256/384/512) and AES-128/192/256-CBC, and returns
// the DER PKCS#8 private key inside. Other schemes (PBES1, scrypt) are
// refused with an error naming them.
func DecryptPKCS8PrivateKey(der []byte, password []byte) ([]byte, error) {
	const what = "EncryptedPrivateKeyInfo"
	in := cryptobyte.String(der)
	var epki, encAlg, ct cryptobyte.String
	if !in.ReadASN1(&epki, cbasn1.SEQUENCE) || !in.Empty() {
		return nil, parseError(what, "bad tag or length, or trailing data (want one SEQUENCE)")
	}
	if !epki.ReadASN1(&encAlg, cbasn1.SEQUENCE) || !epki.ReadASN1(&ct, cbasn1.OCTET_STRING) || !epki.Empty() {
		return nil, parseError(what, "want SEQUENCE { encryptionAlgorithm, encryptedData OCTET STRING }")
	}
	p, err := readPBES2Params(encAlg)
	if err != nil {
		return nil, err
	}
	if len(ct) == 0 || len(ct)%aes.BlockSize != 0 {
		return nil, parseError(what, "encryptedData length %d is not a positive multiple of the AES block size", len(ct))
	}
	block, err := pbes2Cipher(p.prf, password, p.salt, int(p.iterations), p.keySize)
	if err != nil {
		return nil, err
	}
	pt := make([]byte, len(ct))
	cipher.NewCBCDecrypter(block, p.iv).CryptBlocks(pt, ct)
	n, ok := unpadPKCS7(pt)
	if !ok {
		clear(pt)
		return nil, errDecrypt
	}
	pt = pt[:n]
	// A wrong password that happens to leave valid padding yields garbage:
	// require the plaintext to be one DER SEQUENCE.
	check := cryptobyte.String(pt)
	var body cryptobyte.String
	if !check.ReadASN1(&body, cbasn1.SEQUENCE) || !check.Empty() {
		clear(pt)
		return nil, errDecrypt
	}
	return pt, nil
}

// unpadPKCS7 checks PKCS#7 padding in constant time with respect to the
// plaintext and returns the unpadded length.
func unpadPKCS7(pt []byte) (int, bool) {
	pad := int(pt[len(pt)-1])
	good := subtle.ConstantTimeLessOrEq(1, pad) & subtle.ConstantTimeLessOrEq(pad, aes.BlockSize)
	// Every one of the last BlockSize bytes that falls in the padding must
	// equal pad; the loop runs a fixed BlockSize times.
	for i := 1; i <= aes.BlockSize; i++ {
		inPad := subtle.ConstantTimeLessOrEq(i, pad)
		eq := subtle.ConstantTimeByteEq(pt[len(pt)-i], byte(pad))
		good &= eq | (inPad ^ 1)
	}
	return len(pt) - pad, good == 1
}

// readPBES2Params decodes the encryptionAlgorithm AlgorithmIdentifier.
func readPBES2Params(encAlg cryptobyte.String) (*pbes2Params, error) {
	const what = "EncryptedPrivateKeyInfo"
	var oid asn1.ObjectIdentifier
	if !encAlg.ReadASN1ObjectIdentifier(&oid) {
		return nil, parseError(what, "malformed encryptionAlgorithm")
	}
	if !oid.Equal(oidPBES2) {
		return nil, parseError(what, "encryption scheme %s is not supported; only PBES2 (%s) is", oid, oidPBES2)
	}
	var params, kdf, enc cryptobyte.String
	if !encAlg.ReadASN1(&params, cbasn1.SEQUENCE) || !encAlg.Empty() ||
		!params.ReadASN1(&kdf, cbasn1.SEQUENCE) || !params.ReadASN1(&enc, cbasn1.SEQUENCE) || !params.Empty() {
		return nil, parseError(what, "malformed PBES2-params")
	}
	p := &pbes2Params{}
	if err := p.readPBKDF2(kdf); err != nil {
		return nil, err
	}
	var encOID asn1.ObjectIdentifier
	var iv cryptobyte.String
	if !enc.ReadASN1ObjectIdentifier(&encOID) || !enc.ReadASN1(&iv, cbasn1.OCTET_STRING) || !enc.Empty() {
		return nil, parseError(what, "malformed encryptionScheme (want an AES-CBC OID and an OCTET STRING IV)")
	}
	// Linear search over three public OIDs.
	for _, c := range aesCBCKeySizes {
		if encOID.Equal(c.oid) {
			p.keySize = c.keySize
		}
	}
	if p.keySize == 0 {
		return nil, parseError(what, "cipher %s is not supported; AES-128/192/256-CBC are", encOID)
	}
	if len(iv) != aes.BlockSize {
		return nil, parseError(what, "AES-CBC IV has %d bytes, want %d", len(iv), aes.BlockSize)
	}
	if p.keyLength != 0 && p.keyLength != int64(p.keySize) {
		return nil, parseError(what, "PBKDF2 keyLength %d does not match the cipher's %d-byte key", p.keyLength, p.keySize)
	}
	p.iv = iv
	return p, nil
}

// readPBKDF2 decodes the keyDerivationFunc AlgorithmIdentifier.
func (p *pbes2Params) readPBKDF2(kdf cryptobyte.String) error {
	const what = "EncryptedPrivateKeyInfo"
	var oid asn1.ObjectIdentifier
	var params, salt cryptobyte.String
	if !kdf.ReadASN1ObjectIdentifier(&oid) {
		return parseError(what, "malformed keyDerivationFunc")
	}
	if !oid.Equal(oidPBKDF2) {
		return parseError(what, "key derivation function %s is not supported; only PBKDF2 (%s) is", oid, oidPBKDF2)
	}
	if !kdf.ReadASN1(&params, cbasn1.SEQUENCE) || !kdf.Empty() {
		return parseError(what, "malformed PBKDF2-params")
	}
	if !params.ReadASN1(&salt, cbasn1.OCTET_STRING) {
		return parseError(what, "PBKDF2 salt must be an OCTET STRING (otherSource is not supported)")
	}
	if !params.ReadASN1Int64WithTag(&p.iterations, cbasn1.INTEGER) {
		return parseError(what, "malformed PBKDF2 iterationCount")
	}
	if p.iterations < 1 || p.iterations > maxPBKDF2Iterations {
		return parseError(what, "PBKDF2 iterationCount %d outside [1, %d]", p.iterations, maxPBKDF2Iterations)
	}
	if params.PeekASN1Tag(cbasn1.INTEGER) && !params.ReadASN1Int64WithTag(&p.keyLength, cbasn1.INTEGER) {
		return parseError(what, "malformed PBKDF2 keyLength")
	}
	p.salt = salt
	p.prf = sha1.New // RFC 8018: prf DEFAULT algid-hmacWithSHA1
	if params.Empty() {
		return nil
	}
	var prf cryptobyte.String
	var prfOID asn1.ObjectIdentifier
	if !params.ReadASN1(&prf, cbasn1.SEQUENCE) || !params.Empty() || !prf.ReadASN1ObjectIdentifier(&prfOID) {
		return parseError(what, "malformed PBKDF2 prf")
	}
	if prf.PeekASN1Tag(cbasn1.NULL) {
		prf.SkipASN1(cbasn1.NULL)
	}
	if !prf.Empty() {
		return parseError(what, "PBKDF2 prf has unexpected parameters")
	}
	for _, h := range pbkdf2PRFs {
		if prfOID.Equal(h.oid) {
			p.prf = h.newHash
			return nil
		}
	}
	return parseError(what, "PBKDF2 prf %s is not supported; HMAC-SHA1/256/384/512 are", prfOID)
}

// readPBES2ParamsOf decodes only the parameters of a DER
// EncryptedPrivateKeyInfo (for the fuzz target's work bound).
func readPBES2ParamsOf(der []byte) (*pbes2Params, error) {
	in := cryptobyte.String(der)
	var epki, encAlg cryptobyte.String
	if !in.ReadASN1(&epki, cbasn1.SEQUENCE) || !epki.ReadASN1(&encAlg, cbasn1.SEQUENCE) {
		return nil, parseError("EncryptedPrivateKeyInfo", "malformed")
	}
	return readPBES2Params(encAlg)
}
