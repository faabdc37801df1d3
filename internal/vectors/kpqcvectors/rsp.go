package kpqcvectors

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
)

// Record is one record of a NIST-style .rsp file: its count and its fields
// (seed, pk, sk, ct, ss, msg, sm, …) decoded from hex, or as written for
// decimal fields such as mlen.
type Record struct {
	Count  int
	Fields map[string][]byte
}

// Seed returns the record's 48-byte DRBG seed, failing t if it is missing.
func (r Record) Seed(t testing.TB) *[48]byte {
	t.Helper()
	s := r.Fields["seed"]
	if len(s) != 48 {
		t.Fatalf("kpqc: record %d: seed has %d bytes, want 48", r.Count, len(s))
	}
	return (*[48]byte)(s)
}

// ReadRecords parses the .rsp file rel of the testdata folder (gzipped or
// not), skipping t when the folder is absent (see package vectors).
func ReadRecords(t testing.TB, rel string) []Record {
	t.Helper()
	var out []Record
	sc := bufio.NewScanner(bytes.NewReader(vectors.ReadFile(t, rel)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		name, value, ok := strings.Cut(line, " = ")
		if !ok {
			continue
		}
		switch name {
		case "count":
			c, err := strconv.Atoi(value)
			if err != nil {
				t.Fatalf("kpqc: %s: count %q: %v", rel, value, err)
			}
			out = append(out, Record{Count: c, Fields: map[string][]byte{}})
		case "mlen", "smlen":
			if len(out) > 0 {
				out[len(out)-1].Fields[name] = []byte(value)
			}
		default:
			if len(out) == 0 {
				continue
			}
			b, err := hex.DecodeString(value)
			if err != nil {
				t.Fatalf("kpqc: %s: record %d: field %s: %v", rel, out[len(out)-1].Count, name, err)
			}
			out[len(out)-1].Fields[name] = b
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("kpqc: %s: %v", rel, err)
	}
	return out
}
