package smaug

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/kpqcvectors"
)

// katFiles names the published known-answer file of each parameter set.
var katFiles = []struct {
	p    *Params
	file string
}{
	{SMAUGT128, "kpqc/smaug-t/PQCkemKAT_832.rsp"},
	{SMAUGT192, "kpqc/smaug-t/PQCkemKAT_1312.rsp"},
	{SMAUGT256, "kpqc/smaug-t/PQCkemKAT_1728.rsp"},
}

// TestKnownAnswers reproduces every record of the reference's KAT files
// from its DRBG seed: key generation draws the seed and then t,
// encapsulation draws μ, exactly as the reference's crypto_kem_keypair and
// crypto_kem_enc do; decapsulation must return the same shared key, and the
// sk bytes must load back into the same key; at every SIMD level.
func TestKnownAnswers(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		count := vectors.NewCounter(t)
		for _, kf := range katFiles {
			count.File(kf.file)
			records := kpqcvectors.ReadRecords(t, kf.file)
			if testing.Short() {
				records = records[:10]
			}
			for _, r := range records {
				checkKnownAnswer(t, kf.p, kf.file, r)
				count.Add(kf.file)
			}
		}
	})
}

// TestTiMERKnownAnswers reproduces the records of a TiMER KAT file made by
// the reference TiMER code (see kpqcvectors.EnvTiMER); it skips without one.
func TestTiMERKnownAnswers(t *testing.T) {
	path, records := kpqcvectors.ReadTiMERRecords(t)
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		count := vectors.NewCounter(t)
		count.File(path)
		for _, r := range records {
			checkKnownAnswer(t, TiMER, path, r)
			count.Add(path)
		}
	})
}

func checkKnownAnswer(t *testing.T, p *Params, file string, r kpqcvectors.Record) {
	t.Helper()
	d := kpqcvectors.NewDRBG(r.Seed(t))
	var seed, rej, mu [32]byte
	d.Read(seed[:])
	d.Read(rej[:])
	d.Read(mu[:p.MessageSize()])
	name := fmt.Sprintf("%s record %d", file, r.Count)

	dk := new(DecapsulationKey)
	dk.GenerateKey(p, &seed, &rej)
	equal(t, name+" pk", dk.EncapsulationKey().Bytes(), r.Fields["pk"])
	equal(t, name+" sk", dk.Bytes(), r.Fields["sk"])

	ct := make([]byte, p.CiphertextSize())
	ss := dk.EncapsulationKey().Encapsulate(ct, mu[:])
	equal(t, name+" ct", ct, r.Fields["ct"])
	equal(t, name+" ss", ss[:], r.Fields["ss"])

	loaded := new(DecapsulationKey)
	if err := loaded.SetBytes(p, r.Fields["sk"]); err != nil {
		t.Fatalf("%s: SetBytes(sk): %v", name, err)
	}
	ss2, err := loaded.Decapsulate(r.Fields["ct"])
	if err != nil {
		t.Fatalf("%s: Decapsulate: %v", name, err)
	}
	equal(t, name+" decapsulated ss", ss2[:], r.Fields["ss"])

	var ek EncapsulationKey
	if err := ek.SetBytes(p, r.Fields["pk"]); err != nil {
		t.Fatalf("%s: SetBytes(pk): %v", name, err)
	}
	ct2 := make([]byte, p.CiphertextSize())
	ss3 := ek.Encapsulate(ct2, mu[:])
	equal(t, name+" ct from parsed pk", ct2, r.Fields["ct"])
	equal(t, name+" ss from parsed pk", ss3[:], r.Fields["ss"])
}

func equal(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s differs at byte %d (len %d, want %d)\n got %x\nwant %x", what, i, len(got), len(want),
			got[max(0, i-4):min(len(got), i+16)], want[max(0, i-4):min(len(want), i+16)])
	}
}
