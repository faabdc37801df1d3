package signer

import (
	"bytes"
	"crypto/mldsa"
	"math/rand/v2"
	"testing"
)

// TestSignBatch checks, for random batches of 1…64 messages with and without
// a context, that deterministic batch signatures equal one-at-a-time ones,
// that crypto/mldsa verifies every batch signature, and that hedged batch
// signatures verify too.
func TestSignBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, params := range allParams {
		key, err := NewPrivateKey(params, seedFor(3))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []int{1, 1 + rng.IntN(64)} {
			msgs := randomMessages(rng, m)
			opts := &Options{Context: "batch", Deterministic: true}
			sigs, err := key.SignBatch(nil, msgs, opts)
			if err != nil {
				t.Fatal(err)
			}
			for i, msg := range msgs {
				want, err := key.SignDeterministic(msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sigs[i], want) {
					t.Fatalf("%s, batch of %d: item %d differs from SignDeterministic", params, m, i)
				}
				if err := mldsa.Verify(key.PublicKey(), msg, sigs[i], &mldsa.Options{Context: "batch"}); err != nil {
					t.Fatalf("%s: stdlib rejects batch item %d: %v", params, i, err)
				}
			}
			hedged, err := key.SignBatch(nil, msgs, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, msg := range msgs {
				if err := mldsa.Verify(key.PublicKey(), msg, hedged[i], nil); err != nil {
					t.Fatalf("%s: stdlib rejects hedged batch item %d: %v", params, i, err)
				}
			}
		}
		if _, err := key.SignBatch(nil, [][]byte{nil}, &Options{Context: string(make([]byte, 256))}); err == nil {
			t.Error("SignBatch accepted a 256-byte context")
		}
		if err := key.SignBatchTo(make([][]byte, 2), make([][]byte, 1), nil); err == nil {
			t.Error("SignBatchTo accepted mismatched lengths")
		}
		if err := key.SignBatchTo([][]byte{make([]byte, 5)}, [][]byte{nil}, nil); err == nil {
			t.Error("SignBatchTo accepted a short buffer")
		}
	}
}

// TestVerifyBatch checks that VerifyBatch agrees with Verify item by item on
// batches of 1…64 with no, one and many corrupted signatures (or messages)
// in random positions.
func TestVerifyBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, params := range allParams {
		key, err := NewPrivateKey(params, seedFor(4))
		if err != nil {
			t.Fatal(err)
		}
		v := NewVerifier(key.PublicKey())
		m := 1 + rng.IntN(64)
		msgs := randomMessages(rng, m)
		good, err := key.SignBatch(nil, msgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []int{0, 1, 1 + rng.IntN(m)} {
			bad = min(bad, m)
			sigs := make([][]byte, m)
			copy(sigs, good)
			ms := make([][]byte, m)
			copy(ms, msgs)
			for _, i := range rng.Perm(m)[:bad] {
				switch rng.IntN(3) {
				case 0:
					sigs[i] = bytes.Clone(sigs[i])
					sigs[i][rng.IntN(len(sigs[i]))] ^= 1 << rng.IntN(8)
				case 1:
					sigs[i] = sigs[i][:len(sigs[i])-1]
				case 2:
					ms[i] = append(bytes.Clone(ms[i]), 'x')
				}
			}
			errs := v.VerifyBatch(ms, sigs, nil)
			failures := 0
			for i := range m {
				want := v.Verify(ms[i], sigs[i], nil)
				if (errs[i] == nil) != (want == nil) {
					t.Fatalf("%s, %d bad of %d: item %d: batch %v, single %v", params, bad, m, i, errs[i], want)
				}
				if errs[i] != nil {
					failures++
				}
			}
			if failures != bad {
				t.Fatalf("%s: %d corrupted, %d failures", params, bad, failures)
			}
		}
		for _, err := range v.VerifyBatch(msgs[:1], good[:2], nil) {
			if err == nil {
				t.Error("VerifyBatch accepted mismatched lengths")
			}
		}
		if err := v.VerifyBatchTo(make([]error, 1), msgs[:1], good[:1], &Options{Hash: 12345}); err == nil {
			t.Error("VerifyBatchTo accepted an invalid hash option")
		}
	}
}

// TestBatchNoAllocations checks the caller-buffer forms allocate nothing.
func TestBatchNoAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	key, _ := NewPrivateKey(mldsa.MLDSA65(), seedFor(5))
	v := NewVerifier(key.PublicKey())
	msgs := randomMessages(rand.New(rand.NewPCG(5, 6)), 10)
	sigs, _ := key.SignBatch(nil, msgs, nil)
	errs := make([]error, len(msgs))
	v.VerifyBatchTo(errs, msgs, sigs, nil)
	if a := testing.AllocsPerRun(3, func() { key.SignBatchTo(sigs, msgs, nil) }); a != 0 {
		t.Errorf("SignBatchTo: %v allocations", a)
	}
	if a := testing.AllocsPerRun(3, func() { v.VerifyBatchTo(errs, msgs, sigs, nil) }); a != 0 {
		t.Errorf("VerifyBatchTo: %v allocations", a)
	}
}

func randomMessages(rng *rand.Rand, m int) [][]byte {
	msgs := make([][]byte, m)
	size := 0
	for i := range msgs {
		// Runs of equal length, which share μ's Keccak lanes, mixed
		// with lengths that change.
		if rng.IntN(4) == 0 || i == 0 {
			size = rng.IntN(200)
		}
		msgs[i] = make([]byte, size)
		for j := range msgs[i] {
			msgs[i][j] = byte(rng.Uint32())
		}
	}
	return msgs
}
