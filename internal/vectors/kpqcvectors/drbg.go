// Package kpqcvectors reads the KpqC known-answer files in
// ../shared/testdata/kpqc in place and reproduces the randomness they were
// made with: the NIST PQC AES-256-CTR DRBG (randombytes_init and
// randombytes of the NIST rng.c), from which the reference codes draw every
// random byte in call order.
package kpqcvectors

import (
	"crypto/aes"
	"crypto/cipher"
)

// DRBG is the NIST PQC known-answer DRBG: CTR_DRBG with AES-256, no
// derivation function, no reseeding, 48-byte seed (SP 800-90A, Section
// 10.2.1, as the NIST rng.c implements it).
type DRBG struct {
	key [32]byte
	v   [16]byte
}

// NewDRBG returns the DRBG of randombytes_init(seed, NULL, 256).
func NewDRBG(seed *[48]byte) *DRBG {
	d := new(DRBG)
	d.update(seed)
	return d
}

// increment adds one to V as a 128-bit big-endian counter.
func (d *DRBG) increment() {
	for i := 15; i >= 0; i-- {
		d.v[i]++
		if d.v[i] != 0 {
			return
		}
	}
}

// block returns AES-256_key(V) after incrementing V.
func (d *DRBG) block(c cipher.Block) (out [16]byte) {
	d.increment()
	c.Encrypt(out[:], d.v[:])
	return out
}

// update is CTR_DRBG_Update: three blocks, XORed with provided if not nil,
// become the new key and V.
func (d *DRBG) update(provided *[48]byte) {
	c, err := aes.NewCipher(d.key[:])
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	var temp [48]byte
	for i := range 3 {
		b := d.block(c)
		copy(temp[16*i:], b[:])
	}
	if provided != nil {
		for i := range temp {
			temp[i] ^= provided[i]
		}
	}
	copy(d.key[:], temp[:32])
	copy(d.v[:], temp[32:])
}

// Read fills p as one call of randombytes(p, len(p)) does; it never fails.
func (d *DRBG) Read(p []byte) (int, error) {
	c, err := aes.NewCipher(d.key[:])
	if err != nil {
		panic(err)
	}
	for off := 0; off < len(p); off += 16 {
		b := d.block(c)
		copy(p[off:], b[:])
	}
	d.update(nil)
	return len(p), nil
}
