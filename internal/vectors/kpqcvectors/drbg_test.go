package kpqcvectors

import (
	"encoding/hex"
	"testing"
)

// TestDRBGMatchesRequestFile checks the DRBG on the NIST request files'
// construction: the request's seeds are the first 48 bytes drawn, one
// record after another, from the DRBG seeded with 0, 1, …, 47.
func TestDRBGMatchesRequestFile(t *testing.T) {
	var entropy [48]byte
	for i := range entropy {
		entropy[i] = byte(i)
	}
	d := NewDRBG(&entropy)
	records := ReadRecords(t, "kpqc/smaug-t/PQCkemKAT.req")
	if len(records) == 0 {
		t.Fatal("no records in PQCkemKAT.req")
	}
	for _, r := range records {
		var seed [48]byte
		d.Read(seed[:])
		if got, want := hex.EncodeToString(seed[:]), hex.EncodeToString(r.Seed(t)[:]); got != want {
			t.Fatalf("record %d: seed %s, want %s", r.Count, got, want)
		}
	}
	t.Logf("kpqc/smaug-t/PQCkemKAT.req: %d seeds reproduced", len(records))
}
