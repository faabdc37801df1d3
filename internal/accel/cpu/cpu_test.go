package cpu

import "testing"

func TestForce(t *testing.T) {
	t.Logf("best level on this machine: %v", Best())
	for _, l := range All() {
		restore, err := Force(l)
		if !Supports(l) {
			if err == nil {
				t.Fatalf("Force(%v) succeeded on a CPU whose best level is %v", l, Best())
			}
			t.Logf("level %v: not available here (%v)", l, err)
			continue
		}
		if err != nil {
			t.Fatalf("Force(%v): %v", l, err)
		}
		if Active() != l {
			t.Fatalf("after Force(%v): Active() = %v", l, Active())
		}
		restore()
		if Active() != Best() {
			t.Fatalf("restore left Active() = %v, want %v", Active(), Best())
		}
	}
}
