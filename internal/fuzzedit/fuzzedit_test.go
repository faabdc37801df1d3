package fuzzedit

import (
	"bytes"
	"testing"
)

func TestApply(t *testing.T) {
	base := []byte{10, 20, 30, 40}
	cases := []struct {
		name string
		prog []byte
		want []byte
	}{
		{"empty program", nil, base},
		{"partial edit ignored", []byte{0, 1, 0}, base},
		{"xor", Op(0, 1, 0xff), []byte{10, 20 ^ 0xff, 30, 40}},
		{"set", Op(1, 2, 7), []byte{10, 20, 7, 40}},
		{"truncate", Op(2, 1, 0), []byte{10}},
		{"insert", Op(3, 0, 9), []byte{9, 10, 20, 30, 40}},
		{"append", Op(0, 4, 9), []byte{10, 20, 30, 40, 9}},
		{"position modulo length + 1", Op(1, 5+2, 7), []byte{10, 20, 7, 40}},
		{"kind's high bits ignored", Op(0xfd, 2, 7), []byte{10, 20, 7, 40}},
		{"edits in order", append(Op(2, 0, 0), Op(1, 0, 5)...), []byte{5}},
	}
	for _, c := range cases {
		if got := Apply(base, c.prog); !bytes.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	if !bytes.Equal(base, []byte{10, 20, 30, 40}) {
		t.Fatal("Apply changed its base")
	}
}

func TestApplyBound(t *testing.T) {
	var prog []byte
	for range MaxOps + 10 {
		prog = append(prog, Op(3, 0, 1)...)
	}
	if got := len(Apply(nil, prog)); got != MaxOps {
		t.Fatalf("%d edits applied, want at most %d", got, MaxOps)
	}
}

func FuzzApply(f *testing.F) {
	f.Add([]byte{1, 2, 3}, Op(0, 1, 1))
	f.Fuzz(func(t *testing.T, base, prog []byte) {
		orig := append([]byte(nil), base...)
		out := Apply(base, prog)
		if !bytes.Equal(base, orig) {
			t.Fatal("Apply changed its base")
		}
		if len(out) > len(base)+MaxOps {
			t.Fatalf("%d edits grew %d bytes to %d", MaxOps, len(base), len(out))
		}
	})
}

func TestCycle(t *testing.T) {
	cases := []struct {
		pattern []byte
		n       int
		want    []byte
	}{
		{nil, 3, []byte{0, 0, 0}},
		{[]byte{1, 2}, 5, []byte{1, 2, 1, 2, 1}},
		{[]byte{1, 2, 3}, 2, []byte{1, 2}},
		{[]byte{1}, 0, []byte{}},
	}
	for _, c := range cases {
		if got := Cycle(c.pattern, c.n); !bytes.Equal(got, c.want) {
			t.Errorf("Cycle(%v, %d) = %v, want %v", c.pattern, c.n, got, c.want)
		}
	}
}
