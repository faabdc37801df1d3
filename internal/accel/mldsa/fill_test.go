package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// smallInputs returns, for η, the secrets with every coefficient at −η, at
// η and at 0, one alternating between the bounds, one running through every
// value, and count random ones, each as the integers and as the polynomial.
func smallInputs(rng *rand.Rand, eta, count int) (ints [][n]int, polys []ringElement) {
	for k := range 5 + count {
		var v [n]int
		for j := range v {
			switch k {
			case 0:
				v[j] = -eta
			case 1:
				v[j] = eta
			case 2:
				v[j] = 0
			case 3:
				v[j] = eta * (1 - 2*(j&1))
			case 4:
				v[j] = j%(2*eta+1) - eta
			default:
				v[j] = rng.IntN(2*eta+1) - eta
			}
		}
		var s ringElement
		for j, x := range v {
			s[j] = fieldFromInt32(int32(x))
		}
		ints, polys = append(ints, v), append(polys, s)
	}
	return
}

// checkTable fails unless fillTable and fillTableGeneric both write the
// table (η − s, η + s, η − s) of s, given as integers, tableFromWindow
// builds the same table from the window windowOf keeps, and tableSecret
// and tableSecretGeneric both read s back from it.
func checkTable(t *testing.T, eta int, v *[n]int, s *ringElement) {
	t.Helper()
	var got, want packedTable
	fillTable(&got, s, eta)
	fillTableGeneric(&want, s, eta)
	for j, x := range v {
		if want[j] != byte(eta-x) || want[n+j] != byte(eta+x) || want[2*n+j] != byte(eta-x) {
			t.Fatalf("η = %d: portable table wrong at coefficient %d (s = %d)", eta, j, x)
		}
	}
	if got != want {
		t.Fatalf("η = %d: fillTable differs from the portable kernel", eta)
	}
	var w secretWindow
	var scratch, fromWindow packedTable
	windowOf(&w, s, eta, &scratch)
	tableFromWindow(&fromWindow, &w, eta)
	if fromWindow != want {
		t.Fatalf("η = %d: the table built from the window differs from the portable kernel's", eta)
	}
	var back, backWant ringElement
	tableSecret(&back, (*[n]byte)(got[:n]), eta)
	tableSecretGeneric(&backWant, (*[n]byte)(want[:n]), eta)
	if back != *s || backWant != *s {
		t.Fatalf("η = %d: tableSecret does not invert fillTable", eta)
	}
}

func TestPackedTableKernelsMatchPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	var inputs [2]struct {
		ints  [][n]int
		polys []ringElement
	}
	for i, eta := range []int{2, 4} {
		inputs[i].ints, inputs[i].polys = smallInputs(rng, eta, 100)
	}
	// tableSecret is specified for every byte, not only those of a table.
	var bytes [n]byte
	for j := range bytes {
		bytes[j] = byte(j)
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i, eta := range []int{2, 4} {
			for k := range inputs[i].polys {
				checkTable(t, eta, &inputs[i].ints[k], &inputs[i].polys[k])
			}
			var got, want ringElement
			tableSecret(&got, &bytes, eta)
			tableSecretGeneric(&want, &bytes, eta)
			if got != want {
				t.Fatalf("η = %d: tableSecret of every byte differs from the portable kernel", eta)
			}
		}
	})
}

// FuzzPackedTable builds the table of a secret read from arbitrary bytes
// (each taken mod 2η + 1) and reads arbitrary bytes back as a secret, at
// every level, comparing with the portable kernels.
func FuzzPackedTable(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xff, 0x80}, true)
	f.Add(make([]byte, n), false)
	f.Fuzz(func(t *testing.T, data []byte, eta4 bool) {
		eta := 2
		if eta4 {
			eta = 4
		}
		var v [n]int
		var s ringElement
		var raw [n]byte
		for j := range v {
			if j < len(data) {
				raw[j] = data[j]
				v[j] = int(data[j])%(2*eta+1) - eta
			}
			s[j] = fieldFromInt32(int32(v[j]))
		}
		cputest.AtEachLevel(t, func(l cpu.Level) {
			checkTable(t, eta, &v, &s)
			var got, want ringElement
			tableSecret(&got, &raw, eta)
			tableSecretGeneric(&want, &raw, eta)
			if got != want {
				t.Fatalf("level %v: tableSecret differs from the portable kernel", l)
			}
		})
	})
}
