package mlkem

import (
	"crypto/sha3"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// The single-stream hash functions of FIPS 203, Section 4.1: on the keccak
// package's single state where the plan says so (plan.ownKeccak, where its
// permutation is assembly), on crypto/sha3 otherwise.

// hashH is H(s) = SHA3-256(s).
func hashH(pl *plan, s []byte) [32]byte {
	if pl.ownKeccak {
		return keccak.Sum256(s)
	}
	return sha3.Sum256(s)
}

// hashG is G(c) = SHA3-512(c), split by the callers into its two 32-byte
// halves.
func hashG(pl *plan, c []byte) [64]byte {
	if pl.ownKeccak {
		return keccak.Sum512(c)
	}
	return sha3.Sum512(c)
}

// rejectionKey returns K̄ = J(z‖c) = SHAKE256(z‖c, 32), the implicit-rejection
// key.
func rejectionKey(pl *plan, z *[32]byte, c []byte) (kBar [32]byte) {
	if pl.ownKeccak {
		var j keccak.Shake
		j.Init256()
		j.Absorb(z[:])
		j.Absorb(c)
		j.Squeeze(kBar[:])
		j.Clear() // it absorbed z
		return kBar
	}
	j := sha3.NewSHAKE256()
	j.Write(z[:])
	j.Write(c)
	j.Read(kBar[:])
	return kBar
}
