package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestCompositeFlag: -composite adds a composite hierarchy whose two
// signatures x509ext verified with the composite verifier, and leaves the
// ML-DSA handshake as it was; it is refused with -serve and -connect.
func TestCompositeFlag(t *testing.T) {
	o, err := parseFlags([]string{"-composite", "-n", "0"}, io.Discard)
	if err != nil || !o.composite {
		t.Fatalf("parseFlags: %+v %v", o, err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), o, &out); err != nil {
		t.Fatalf("demo -composite: %v\n%s", err, out.String())
	}
	report := out.String()
	for _, want := range []string{
		"composite root (MLDSA87-ECDSA-P384-SHA512)\": MLDSA87-ECDSA-P384-SHA512 composite key, signed with MLDSA87-ECDSA-P384-SHA512",
		"composite intermediate (MLDSA65-ECDSA-P256-SHA512)\": MLDSA65-ECDSA-P256-SHA512 composite key, signed with MLDSA87-ECDSA-P384-SHA512",
		"\"localhost\": MLDSA65-ECDSA-P256-SHA512 composite key, signed with MLDSA65-ECDSA-P256-SHA512",
		"server signed   MLDSA65",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if n := strings.Count(report, "verified by crystals composite.Verify"); n != 2 {
		t.Errorf("%d composite signature checks reported, want 2:\n%s", n, report)
	}
	for _, extra := range [][]string{{"-serve", "127.0.0.1:0"}, {"-connect", "127.0.0.1:1", "-ca", "x.pem"}} {
		o, err := parseFlags(append([]string{"-composite"}, extra...), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if err := run(context.Background(), o, io.Discard); err == nil || !strings.Contains(err.Error(), "-composite") {
			t.Errorf("-composite %v: %v", extra, err)
		}
	}
}
