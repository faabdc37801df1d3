package nccsign

import (
	"bytes"
	"strconv"
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
	{NCCSign1, "kpqc/ncc-sign-nc/PQCsignKAT_2800.rsp.gz"},
	{NCCSign3, "kpqc/ncc-sign-nc/PQCsignKAT_3914.rsp.gz"},
	{NCCSign5, "kpqc/ncc-sign-nc/PQCsignKAT_4940.rsp.gz"},
}

// TestKnownAnswers reproduces every record of the round-1 KAT files from
// its DRBG seed: key generation draws ζ and then the key seed (two
// randombytes calls, as crypto_sign_keypair makes them), signing is
// deterministic; pk, sk and sm must match byte for byte, sm must verify,
// and the sk bytes must load back into a key that signs the same; at every
// SIMD level.
func TestKnownAnswers(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		count := vectors.NewCounter(t)
		for _, kf := range katFiles {
			count.File(kf.file)
			records := kpqcvectors.ReadRecords(t, kf.file)
			if testing.Short() {
				records = records[:5]
			}
			for _, r := range records {
				checkKnownAnswer(t, kf.p, kf.file, r)
				count.Add(kf.file)
			}
		}
	})
}

func checkKnownAnswer(t *testing.T, p *Params, file string, r kpqcvectors.Record) {
	t.Helper()
	drbg := kpqcvectors.NewDRBG(r.Seed(t))
	var zeta, seed [seedSize]byte
	drbg.Read(zeta[:])
	drbg.Read(seed[:])
	sk := NewKeyFromSeeds(p, &zeta, &seed)
	f := r.Fields
	if !bytes.Equal(sk.PublicKeyBytes(), f["pk"]) {
		t.Fatalf("%s: record %d: pk differs", file, r.Count)
	}
	if !bytes.Equal(sk.Bytes(), f["sk"]) {
		t.Fatalf("%s: record %d: sk differs", file, r.Count)
	}
	msg := f["msg"]
	if n, err := strconv.Atoi(string(f["mlen"])); err != nil || n != len(msg) {
		t.Fatalf("%s: record %d: mlen %q for %d message bytes", file, r.Count, f["mlen"], len(msg))
	}
	sig := sk.Sign(msg)
	if sm := append(sig, msg...); !bytes.Equal(sm, f["sm"]) {
		t.Fatalf("%s: record %d: sm differs", file, r.Count)
	}
	pk, err := NewPublicKey(p, f["pk"])
	if err != nil {
		t.Fatalf("%s: record %d: %v", file, r.Count, err)
	}
	sm := f["sm"]
	if !pk.Verify(sm[len(sm)-len(msg):], sm[:p.SignatureSize]) {
		t.Fatalf("%s: record %d: sm does not verify", file, r.Count)
	}
	sk2, err := NewPrivateKey(p, f["sk"])
	if err != nil {
		t.Fatalf("%s: record %d: %v", file, r.Count, err)
	}
	if !bytes.Equal(sk2.PublicKeyBytes(), f["pk"]) {
		t.Fatalf("%s: record %d: the decoded key's public key differs", file, r.Count)
	}
	if !bytes.Equal(sk2.Sign(msg), sig) {
		t.Fatalf("%s: record %d: the decoded key signs differently", file, r.Count)
	}
}
