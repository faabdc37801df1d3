package circlkem

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/kpqcvectors"
	"github.com/crystals-go/crystals/kem"
)

// TestSMAUGTKnownAnswers reproduces the reference's KAT records through the
// circl adapters: DeriveKeyPair from seed ‖ t, the encodings, deterministic
// encapsulation from μ, and decapsulation with the imported sk.
func TestSMAUGTKnownAnswers(t *testing.T) {
	count := vectors.NewCounter(t)
	for _, c := range []struct {
		s    kem.Scheme
		file string
	}{
		{kem.SMAUGT128(), "kpqc/smaug-t/PQCkemKAT_832.rsp"},
		{kem.SMAUGT192(), "kpqc/smaug-t/PQCkemKAT_1312.rsp"},
		{kem.SMAUGT256(), "kpqc/smaug-t/PQCkemKAT_1728.rsp"},
	} {
		a := Scheme(c.s)
		count.File(c.file)
		for _, r := range kpqcvectors.ReadRecords(t, c.file) {
			d := kpqcvectors.NewDRBG(r.Seed(t))
			seed, mu := make([]byte, a.SeedSize()), make([]byte, a.EncapsulationSeedSize())
			d.Read(seed[:32])
			d.Read(seed[32:])
			d.Read(mu)
			pk, sk := a.DeriveKeyPair(seed)
			if !bytes.Equal(marshal(t, pk), r.Fields["pk"]) || !bytes.Equal(marshal(t, sk), r.Fields["sk"]) {
				t.Fatalf("%s record %d: pk or sk differ", c.file, r.Count)
			}
			ct, ss, err := a.EncapsulateDeterministically(pk, mu)
			if err != nil || !bytes.Equal(ct, r.Fields["ct"]) || !bytes.Equal(ss, r.Fields["ss"]) {
				t.Fatalf("%s record %d: ct or ss differ (%v)", c.file, r.Count, err)
			}
			imported, err := a.UnmarshalBinaryPrivateKey(r.Fields["sk"])
			if err != nil {
				t.Fatal(err)
			}
			if got, err := a.Decapsulate(imported, r.Fields["ct"]); err != nil || !bytes.Equal(got, r.Fields["ss"]) {
				t.Fatalf("%s record %d: decapsulation (%v)", c.file, r.Count, err)
			}
			count.Add(c.file)
		}
	}
}
