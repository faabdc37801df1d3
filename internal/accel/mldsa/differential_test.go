package mldsa

import (
	"bytes"
	"crypto/mldsa"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

func stdParams(p *Params) mldsa.Parameters {
	switch p {
	case MLDSA44:
		return mldsa.MLDSA44()
	case MLDSA65:
		return mldsa.MLDSA65()
	}
	return mldsa.MLDSA87()
}

// TestDifferentialStdlib derives keys from the same seeds here and in
// crypto/mldsa, signs deterministically (without a context on even
// iterations, with one on odd ones), verifies each side's signature with the
// other, and folds everything each side produced into one SHA-256 per
// parameter set: the two folds must be equal. It runs at every level: 10 000
// iterations per set at the best level and 200 at the others (whose kernels
// TestKernelsMatchPortable compares bit for bit anyway), 200 everywhere
// under -short.
func TestDifferentialStdlib(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		iterations := 200
		if l == cpu.Best() && !testing.Short() {
			iterations = 10000
		}
		differentialStdlib(t, iterations)
	})
}

func differentialStdlib(t *testing.T, iterations int) {
	for _, p := range All() {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			ours, theirs := sha256.New(), sha256.New()
			sig := make([]byte, p.SignatureSize())
			var zero [RandomSize]byte
			for it := range iterations {
				var seed [SeedSize]byte
				binary.LittleEndian.PutUint64(seed[:], uint64(it))
				copy(seed[8:], p.Name)
				msg := seed[:it%32]
				var ctx []byte
				if it%2 == 1 {
					ctx = []byte("context string")[:it%15]
				}

				sk := NewPrivateKeyFromSeed(p, &seed)
				ref, err := mldsa.NewPrivateKey(stdParams(p), seed[:])
				if err != nil {
					t.Fatal(err)
				}
				pk := sk.PublicKey().Bytes()
				refPK := ref.PublicKey().Bytes()
				ours.Write(pk)
				theirs.Write(refPK)

				if err := sk.Sign(sig, msg, ctx, &zero); err != nil {
					t.Fatal(err)
				}
				opts := &mldsa.Options{Context: string(ctx)}
				refSig, err := ref.SignDeterministic(msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				ours.Write(sig)
				theirs.Write(refSig)
				if err := mldsa.Verify(ref.PublicKey(), msg, sig, opts); err != nil {
					t.Fatalf("iteration %d: stdlib rejects our signature: %v", it, err)
				}
				if err := sk.PublicKey().Verify(msg, ctx, refSig); err != nil {
					t.Fatalf("iteration %d: we reject stdlib's signature: %v", it, err)
				}
				if !bytes.Equal(pk, refPK) {
					t.Fatalf("iteration %d: public keys differ", it)
				}
			}
			a, b := hex.EncodeToString(ours.Sum(nil)), hex.EncodeToString(theirs.Sum(nil))
			t.Logf("%s, %d iterations: fold %s (crypto/mldsa: %s)", p.Name, iterations, a, b)
			if a != b {
				t.Errorf("fold %s, stdlib fold %s", a, b)
			}
		})
	}
}
