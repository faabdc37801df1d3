package workpool

import "testing"

func TestZeroed(t *testing.T) {
	var v struct {
		a [3]uint32
		b [5]byte
	}
	if !Zeroed(&v) {
		t.Fatal("Zeroed: false for a zero value")
	}
	for i := range v.b {
		v.b[i] = 1
		if Zeroed(&v) {
			t.Fatalf("Zeroed: true with byte %d of b set", i)
		}
		v.b[i] = 0
	}
	v.a[2] = 1 << 31
	if Zeroed(&v) {
		t.Fatal("Zeroed: true with the top bit of a[2] set")
	}
}

func TestGetPut(t *testing.T) {
	var p Pool[[64]byte]
	w := p.Get()
	if w == nil {
		t.Fatal("Get returned nil from an empty pool")
	}
	w[0] = 7
	p.Put(w)
	if v := p.Get(); v == nil || (v != w && !Zeroed(v)) {
		t.Fatal("Get returned neither the area put back nor a new zero one")
	}
}
