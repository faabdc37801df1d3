package mlkem

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// edgePolys returns polynomials at and near the bounds of [0, q): all zero,
// all q−1, alternating 0 and q−1, a ramp, and single spikes, which drive
// the lazy reductions of the SIMD kernels to their documented limits.
func edgePolys() [][n]fieldElement {
	var zero, top, alt, ramp, spike, topButOne [n]fieldElement
	for i := range n {
		top[i] = q - 1
		ramp[i] = fieldElement(i * 13 % q)
		topButOne[i] = q - 1
		if i%2 == 0 {
			alt[i] = q - 1
		}
	}
	spike[0], spike[255] = q-1, q-1
	topButOne[128] = 0
	return [][n]fieldElement{zero, top, alt, ramp, spike, topButOne}
}

func randomPoly(r *rand.Rand) [n]fieldElement {
	var f [n]fieldElement
	for i := range f {
		f[i] = fieldElement(r.IntN(q))
	}
	return f
}

// kernelInputs returns the edge polynomials and count random ones.
func kernelInputs(r *rand.Rand, count int) [][n]fieldElement {
	in := edgePolys()
	for range count {
		in = append(in, randomPoly(r))
	}
	return in
}

// TestKernelsMatchPortable compares the NTT, inverse NTT and T_q dot product
// kernels of every level with the portable ones, bit for bit.
func TestKernelsMatchPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(11, uint64(l)))
		in := kernelInputs(r, 300)
		for i, f := range in {
			fr, fn := ringElement(f), nttElement(f)
			if got, want := ntt(&fr), nttGeneric(&fr); got != want {
				t.Fatalf("ntt differs on input %d", i)
			}
			if got, want := inverseNTT(&fn), inverseNTTGeneric(&fn); got != want {
				t.Fatalf("inverseNTT differs on input %d", i)
			}
		}
		// Every operand and init at q−1 with k = 4: the largest sums the
		// 32-bit accumulators hold.
		var top nttElement
		for i := range top {
			top[i] = q - 1
		}
		tops := [maxK]*nttElement{&top, &top, &top, &top}
		if got, want := dotProduct(&top, &tops, &tops, maxK), dotProductGeneric(&top, &tops, &tops, maxK); got != want {
			t.Fatal("dotProduct differs with every coefficient at q−1")
		}
		for i := range in {
			var a, b [maxK]nttElement
			var ap, bp [maxK]*nttElement
			for j := range maxK {
				a[j] = nttElement(in[(i+j)%len(in)])
				b[j] = nttElement(in[(i+3*j+1)%len(in)])
				ap[j], bp[j] = &a[j], &b[j]
			}
			init := nttElement(in[(i+5)%len(in)])
			for k := 1; k <= maxK; k++ {
				for _, ini := range []*nttElement{nil, &init} {
					if got, want := dotProduct(ini, &ap, &bp, k), dotProductGeneric(ini, &ap, &bp, k); got != want {
						t.Fatalf("dotProduct differs on input %d, k = %d, init %v", i, k, ini != nil)
					}
				}
			}
		}
	})
}

// TestCBDMatchesPortable compares the CBD kernels of every level with the
// portable one on random bytes and on all-zero and all-one bytes (the
// extremes: every coefficient −η, +η or 0).
func TestCBDMatchesPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(13, uint64(l)))
		for _, eta := range []int{2, 3} {
			inputs := [][]byte{make([]byte, 64*eta), bytes.Repeat([]byte{0xff}, 64*eta)}
			for _, pattern := range []byte{0x0f, 0xf0, 0x33, 0xcc, 0x07, 0x38, 0xc7} {
				inputs = append(inputs, bytes.Repeat([]byte{pattern}, 64*eta))
			}
			for range 200 {
				b := make([]byte, 64*eta)
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				inputs = append(inputs, b)
			}
			for i, b := range inputs {
				var got, want ringElement
				samplePolyCBD(&got, b, eta)
				samplePolyCBDGeneric(&want, b, eta)
				if got != want {
					t.Fatalf("η=%d: input %d (% x…) differs", eta, i, b[:6])
				}
			}
		}
	})
}

// TestSampleNoiseLanes checks the multi-state noise sampler of every level
// against one single-state SHAKE256 per polynomial, for every count of
// polynomials up to 9 (so groups with spare lanes are covered).
func TestSampleNoiseLanes(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		var sigma [32]byte
		for i := range sigma {
			sigma[i] = byte(3 * i)
		}
		for _, eta := range []int{2, 3} {
			for count := 1; count <= 9; count++ {
				out := make([]ringElement, count)
				pl := planFor()
				sampleNoise(&pl, out, &sigma, 5, eta)
				for i := range out {
					s := sha3.NewSHAKE256()
					s.Write(sigma[:])
					s.Write([]byte{5 + byte(i)})
					b := make([]byte, 64*eta)
					s.Read(b)
					var want ringElement
					samplePolyCBDGeneric(&want, b, eta)
					if out[i] != want {
						t.Fatalf("η=%d, %d polynomials: polynomial %d differs", eta, count, i)
					}
				}
			}
		}
	})
}

// TestSampleNTTParseMatchesPortable compares the rejection-sampling kernels
// of every level with the portable one on random XOF-sized buffers, buffers
// whose candidates are rejected about half the time, buffers of only
// accepted or only rejected candidates, and every starting count near the
// end of the polynomial.
func TestSampleNTTParseMatchesPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(17, uint64(l)))
		var inputs [][]byte
		for _, size := range []int{168, 504, 24, 48, 3, 501} {
			for range 20 {
				b := make([]byte, size)
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				inputs = append(inputs, b)
			}
		}
		// Each candidate accepted or rejected at random, about half each,
		// so that every pattern of kept lanes occurs: accepted ones
		// uniform below q, rejected ones uniform in [q, 4096).
		for range 40 {
			b := make([]byte, 504)
			for i := 0; i < len(b); i += 3 {
				var c [2]uint16
				for h := range c {
					if r.IntN(2) == 0 {
						c[h] = uint16(r.IntN(q))
					} else {
						c[h] = uint16(q + r.IntN(4096-q))
					}
				}
				b[i], b[i+1], b[i+2] = byte(c[0]), byte(c[0]>>8)|byte(c[1]<<4), byte(c[1]>>4)
			}
			inputs = append(inputs, b)
		}
		// All candidates q−1 (accepted), all q (rejected), all 4095.
		for _, c := range []uint16{q - 1, q, 4095, 0} {
			b := make([]byte, 504)
			for i := 0; i < len(b); i += 3 {
				b[i], b[i+1], b[i+2] = byte(c), byte(c>>8)|byte(c<<4), byte(c>>4)
			}
			inputs = append(inputs, b)
		}
		for i, b := range inputs {
			for _, j := range []int{0, 1, 100, 200, 240, 241, 250, 255, 256} {
				var got, want nttElement
				for k := range j {
					got[k] = fieldElement(k)
					want[k] = fieldElement(k)
				}
				gj := sampleNTTParse(&got, j, b)
				wj := sampleNTTParseGeneric(&want, j, b)
				if gj != wj || got != want {
					t.Fatalf("input %d (%d bytes), j = %d: count %d, want %d; or coefficients differ", i, len(b), j, gj, wj)
				}
			}
		}
	})
}

// TestPackingMatchesPortable compares the compression, encoding and decoding
// kernels of every level with the portable ones: compress-and-encode on
// every value in [0, q) (spread over the coefficients), decode-and-
// decompress on random and all-ones bytes, and ByteDecode_12 with the
// modulus check on encodings with one coefficient at q, 4095 or q−1.
func TestPackingMatchesPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(19, uint64(l)))
		var polys []ringElement
		for start := 0; start < q; start += n {
			var f ringElement
			for i := range f {
				f[i] = fieldElement((start + i) % q)
			}
			polys = append(polys, f)
		}
		for _, f := range kernelInputs(r, 50) {
			polys = append(polys, ringElement(f))
		}
		for _, d := range []uint{1, 4, 5, 10, 11} {
			for i, f := range polys {
				got, want := make([]byte, 32*d), make([]byte, 32*d)
				compressEncode(got, &f, d)
				compressEncodeGeneric(want, &f, d)
				if !bytes.Equal(got, want) {
					t.Fatalf("compressEncode d=%d differs on input %d", d, i)
				}
				if decodeDecompress(got, d) != decodeDecompressGeneric(got, d) {
					t.Fatalf("decodeDecompress d=%d differs on input %d", d, i)
				}
			}
			for _, b := range [][]byte{bytes.Repeat([]byte{0xff}, int(32*d)), make([]byte, 32*d)} {
				if decodeDecompress(b, d) != decodeDecompressGeneric(b, d) {
					t.Fatalf("decodeDecompress d=%d differs on constant bytes", d)
				}
			}
		}
		for i, f := range polys {
			got, want := make([]byte, encodedPolySize), make([]byte, encodedPolySize)
			byteEncode12(got, &f)
			byteEncode12Generic(want, &f)
			if !bytes.Equal(got, want) {
				t.Fatalf("byteEncode12 differs on input %d", i)
			}
			for _, pos := range []int{-1, 0, 1, 100, 255} {
				for _, bad := range []uint16{q, 4095, q - 1} {
					b := bytes.Clone(want)
					if pos >= 0 {
						setCoefficient12(b, pos, bad)
					}
					var g1, g2 ringElement
					e1, e2 := byteDecode12Checked(&g1, b), byteDecode12CheckedGeneric(&g2, b)
					if (e1 == nil) != (e2 == nil) || (e1 == nil && g1 != g2) {
						t.Fatalf("byteDecode12Checked differs: input %d, coefficient %d = %d: %v, %v", i, pos, bad, e1, e2)
					}
					byteDecode12Reduce(&g1, b)
					byteDecode12ReduceGeneric(&g2, b)
					if g1 != g2 {
						t.Fatalf("byteDecode12Reduce differs: input %d, coefficient %d = %d", i, pos, bad)
					}
				}
			}
		}
	})
}

// TestDecodeRandomBytesMatchesPortable compares ByteDecode_12 with and
// without the modulus check, and decode-and-decompress for every d with a
// kernel, of every level with the portable ones on random bytes (most such
// 12-bit encodings hold coefficients at or above q) and on all-ones bytes
// (every 12-bit coefficient 4095).
func TestDecodeRandomBytesMatchesPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(23, uint64(l)))
		inputs := [][]byte{bytes.Repeat([]byte{0xff}, encodedPolySize), make([]byte, encodedPolySize)}
		for range 200 {
			b := make([]byte, encodedPolySize)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			inputs = append(inputs, b)
		}
		for i, b := range inputs {
			var g1, g2 ringElement
			e1, e2 := byteDecode12Checked(&g1, b), byteDecode12CheckedGeneric(&g2, b)
			if (e1 == nil) != (e2 == nil) || (e1 == nil && g1 != g2) {
				t.Fatalf("byteDecode12Checked differs on input %d: %v, %v", i, e1, e2)
			}
			byteDecode12Reduce(&g1, b)
			byteDecode12ReduceGeneric(&g2, b)
			if g1 != g2 {
				t.Fatalf("byteDecode12Reduce differs on input %d", i)
			}
		}
		for _, d := range []uint{1, 4, 5, 10, 11} {
			for i, b := range inputs {
				if got, want := decodeDecompress(b[:32*d], d), decodeDecompressGeneric(b[:32*d], d); got != want {
					t.Fatalf("decodeDecompress d=%d differs on input %d", d, i)
				}
			}
		}
		t.Logf("%d encodings compared", len(inputs))
	})
}

// setCoefficient12 overwrites coefficient i of a ByteEncode_12 encoding.
func setCoefficient12(b []byte, i int, v uint16) {
	o := 3 * (i / 2)
	if i%2 == 0 {
		b[o] = byte(v)
		b[o+1] = b[o+1]&0xf0 | byte(v>>8)
	} else {
		b[o+1] = b[o+1]&0x0f | byte(v<<4)
		b[o+2] = byte(v >> 4)
	}
}

// TestArithmeticMatchesPortable compares polyAdd, polySub and
// constantTimeEqual of every level with the portable ones, and checks
// constantTimeSelect at every level.
func TestArithmeticMatchesPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(23, uint64(l)))
		in := kernelInputs(r, 100)
		for i := range in {
			f, g := ringElement(in[i]), ringElement(in[(i*7+3)%len(in)])
			if polyAdd(&f, &g) != polyAddGeneric(&f, &g) || polySub(&f, &g) != polySubGeneric(&f, &g) {
				t.Fatalf("polyAdd or polySub differs on input %d", i)
			}
		}
		for _, size := range []int{32, 768, 1088, 1568, 31, 33, 1} {
			a := make([]byte, size)
			for i := range a {
				a[i] = byte(r.Uint32())
			}
			for pos := -1; pos < size; pos += max(1, size/7) {
				b := bytes.Clone(a)
				if pos >= 0 {
					b[pos] ^= 1 << (pos % 8)
				}
				if got, want := constantTimeEqual(a, b), constantTimeEqualGeneric(a, b); got != want {
					t.Fatalf("constantTimeEqual, %d bytes, flip at %d: %d, want %d", size, pos, got, want)
				}
			}
			// constantTimeSelect against its definition: a for 1, b for 0.
			b := make([]byte, size)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			for choice, want := range [][]byte{b, a} {
				dst := make([]byte, size)
				constantTimeSelect(dst, a, b, choice)
				if !bytes.Equal(dst, want) {
					t.Fatalf("constantTimeSelect, %d bytes, choice %d: wrong bytes", size, choice)
				}
			}
		}
	})
}
