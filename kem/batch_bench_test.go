package kem

import (
	"fmt"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkBatchEncapsulate reports the per-item cost (ns/item,
// cpu-ns/item) of EncapsulateBatchTo for batches of 1, 2, 4, 8, 16 and 64
// to one key beside single encapsulation by every implementation of
// benchImplementations, from bytes (parse the key, then encapsulate) and to
// a parsed key, in one run. For the hybrids it runs the single operations
// only: they have no batch method (see the X25519MLKEM768 line against
// ML-KEM-768 for why). Names are BenchmarkBatchEncapsulate/<scheme>/<variant>.
func BenchmarkBatchEncapsulate(b *testing.B) {
	type batcher interface {
		EncapsulateBatchTo(sharedKeys, ciphertexts [][]byte) error
	}
	for _, s := range Schemes() {
		var ours batcher
		for _, impl := range benchImplementations(s) {
			_, ekBytes := impl.newKey(b)
			ek := impl.parseEK(b, ekBytes)
			if impl.impl == "crystals" {
				ours, _ = ek.(batcher)
			}
			b.Run(s.Name()+"/"+impl.impl+"-from-bytes", func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() { impl.encaps(impl.parseEK(b, ekBytes)) })
			})
			b.Run(s.Name()+"/"+impl.impl+"-prepared", func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() { impl.encaps(ek) })
			})
		}
		if ours == nil {
			continue
		}
		keys, cts := make([][]byte, 64), make([][]byte, 64)
		for i := range keys {
			keys[i], cts[i] = make([]byte, SharedKeySize), make([]byte, s.CiphertextSize())
		}
		for _, m := range []int{1, 2, 4, 8, 16, 64} {
			b.Run(fmt.Sprintf("%s/crystals-batch-%02d", s.Name(), m), func(b *testing.B) {
				benchcpu.LoopItems(b, m, func() {
					if err := ours.EncapsulateBatchTo(keys[:m], cts[:m]); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}
