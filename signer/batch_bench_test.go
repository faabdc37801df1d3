package signer

import (
	"crypto/mldsa"
	"fmt"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/internal/circltest"
)

// benchBatchSizes are the batch sizes the batch benchmarks compare with
// single operations.
var benchBatchSizes = []int{1, 2, 4, 8, 16, 64}

// batchBenchMessages returns m distinct messages of benchMsg's length, as a
// server signing or verifying records of one format would see.
func batchBenchMessages(m int) [][]byte {
	msgs := make([][]byte, m)
	for i := range msgs {
		msgs[i] = append([]byte(nil), benchMsg...)
		msgs[i][0], msgs[i][1] = byte(i), byte(i>>8)
	}
	return msgs
}

// BenchmarkBatch reports the per-item cost (ns/item, cpu-ns/item) of
// VerifyBatchTo and SignBatchTo for batches of 1, 2, 4, 8, 16 and 64 beside
// single operations, ours from a *mldsa.PublicKey ("from-key", which
// expands Â each time) and prepared (Verifier, PrivateKey), crypto/mldsa's
// and circl's, in one run. Every signature is hedged. Names are
// BenchmarkBatch/<set>/<op>/<variant>, for benchstat.
func BenchmarkBatch(b *testing.B) {
	for _, params := range allParams {
		keys := newBenchKeys(params)
		ours, std, circlPK, circlSK := keys.ours, keys.std, keys.circlPK, keys.circlSK
		pk := ours.PublicKey()
		v := NewVerifier(pk)
		msgs := batchBenchMessages(64)
		sigs, err := ours.SignBatch(nil, msgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		errs := make([]error, 64)
		name := params.String()

		single := func(op, variant string, f func() error) {
			b.Run(name+"/"+op+"/"+variant, func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() {
					if err := f(); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
		single("Verify", "crystals-from-key", func() error { return Verify(pk, msgs[0], sigs[0], nil) })
		single("Verify", "crystals-prepared", func() error { return v.Verify(msgs[0], sigs[0], nil) })
		single("Verify", "stdlib", func() error { return mldsa.Verify(pk, msgs[0], sigs[0], nil) })
		scheme := circltest.Scheme(params)
		single("Verify", "circl", func() error {
			if !scheme.Verify(circlPK, msgs[0], sigs[0], nil) {
				return fmt.Errorf("circl rejects the signature")
			}
			return nil
		})
		for _, m := range benchBatchSizes {
			b.Run(fmt.Sprintf("%s/Verify/crystals-batch-%02d", name, m), func(b *testing.B) {
				benchcpu.LoopItems(b, m, func() {
					if err := v.VerifyBatchTo(errs[:m], msgs[:m], sigs[:m], nil); err != nil || errs[0] != nil {
						b.Fatal(err, errs[0])
					}
				})
			})
		}

		sig := make([]byte, params.SignatureSize())
		single("Sign", "crystals", func() error { return ours.SignTo(sig, msgs[0], nil) })
		single("Sign", "stdlib", func() error {
			_, err := std.Sign(nil, msgs[0], nil)
			return err
		})
		circlSign := circltest.HedgedSign(circlSK)
		single("Sign", "circl", func() error { return circlSign(msgs[0], sig) })
		for _, m := range benchBatchSizes {
			b.Run(fmt.Sprintf("%s/Sign/crystals-batch-%02d", name, m), func(b *testing.B) {
				benchcpu.LoopItems(b, m, func() {
					if err := ours.SignBatchTo(sigs[:m], msgs[:m], nil); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}
