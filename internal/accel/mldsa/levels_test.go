package mldsa

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// Differential tests of the dispatched kernels: at every level, each kernel
// must return exactly what its portable Go twin returns, on random inputs
// and on inputs with every coefficient at a bound.

// edgeRings are inputs with all coefficients at the ends of [0, q), and
// mixes of them. The halves (q − 1 in one half, 0 in the other) give the
// inverse transform's last layer its largest difference, 128·(q − 1).
func edgeRings(rng *rand.Rand) []ringElement {
	var zero, one, top, alt, mix, low, high ringElement
	for i := range top {
		one[i] = 1
		top[i] = q - 1
		alt[i] = fieldElement((q - 1) * (i & 1))
		mix[i] = []fieldElement{0, 1, q - 1, q - 2, (q - 1) / 2, (q + 1) / 2}[rng.IntN(6)]
		low[i] = fieldElement((q - 1) * (1 - i/(n/2)))
		high[i] = fieldElement((q - 1) * (i / (n / 2)))
	}
	return []ringElement{zero, one, top, alt, mix, low, high}
}

// kernelInputs returns the edge inputs followed by count random ones.
func kernelInputs(seed uint64, count int) []ringElement {
	rng := rand.New(rand.NewPCG(seed, 99))
	in := edgeRings(rng)
	for range count {
		in = append(in, randomRing(rng))
	}
	return in
}

func TestKernelsMatchPortable(t *testing.T) {
	inputs := kernelInputs(1, 300)
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i, f := range inputs {
			g := inputs[(i*7+3)%len(inputs)]
			if got, want := ntt(&f), nttGeneric(&f); got != want {
				t.Fatalf("input %d: ntt differs from the portable kernel", i)
			}
			fH, gH := nttElement(f), nttElement(g)
			if got, want := invNTT(&fH), invNTTGeneric(&fH); got != want {
				t.Fatalf("input %d: invNTT differs from the portable kernel", i)
			}
			if got, want := nttMul(&fH, &gH), nttMulGeneric(&fH, &gH); got != want {
				t.Fatalf("input %d: nttMul differs from the portable kernel", i)
			}
			for terms := 1; terms <= maxL; terms++ {
				var a, b [maxL]nttElement
				for j := range terms {
					a[j] = nttElement(inputs[(i+j)%len(inputs)])
					b[j] = nttElement(inputs[(i+5*j+1)%len(inputs)])
				}
				if got, want := nttDot(a[:terms], b[:terms]), nttDotGeneric(a[:terms], b[:terms]); got != want {
					t.Fatalf("input %d: nttDot of %d terms differs from the portable kernel", i, terms)
				}
			}
		}
	})
}

// FuzzNTTKernels feeds arbitrary coefficients (reduced into [0, q)) to every
// transform and product kernel at every level and compares with the
// portable kernels.
func FuzzNTTKernels(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0xff, 0x7f, 0x00, 0x00, 0x80, 0x01})
	f.Add(make([]byte, 2*4*n))
	f.Fuzz(func(t *testing.T, data []byte) {
		var a, b ringElement
		for i := range 2 * n {
			var v uint32
			for k := range 4 {
				if j := 4*i + k; j < len(data) {
					v |= uint32(data[j]) << (8 * k)
				}
			}
			if i < n {
				a[i] = fieldElement(v % q)
			} else {
				b[i-n] = fieldElement(v % q)
			}
		}
		aH, bH := nttElement(a), nttElement(b)
		wantNTT, wantInv := nttGeneric(&a), invNTTGeneric(&aH)
		wantMul := nttMulGeneric(&aH, &bH)
		pairA, pairB := []nttElement{aH, bH}, []nttElement{bH, aH}
		wantDot := nttDotGeneric(pairA, pairB)
		cputest.AtEachLevel(t, func(l cpu.Level) {
			if ntt(&a) != wantNTT || invNTT(&aH) != wantInv || nttMul(&aH, &bH) != wantMul ||
				nttDot(pairA, pairB) != wantDot {
				t.Fatalf("level %v differs from the portable kernels", l)
			}
		})
	})
}

// everyResidue returns the polynomials that together hold every r in
// [0, q), block b holding b·256 + j (the last block padded with q − 1).
func everyResidue() []ringElement {
	blocks := make([]ringElement, (q+n-1)/n)
	for b := range blocks {
		for j := range n {
			blocks[b][j] = fieldElement(min(b*n+j, q-1))
		}
	}
	return blocks
}

// maxLowBits returns ‖LowBits(r)‖∞ with the portable kernel.
func maxLowBits(p *Params, r *ringElement) int {
	m := int32(0)
	for _, c := range r {
		r0 := lowBits(p, c)
		m = max(m, r0, -r0)
	}
	return int(m)
}

// maxAbs returns ‖f‖∞ with the portable helpers.
func maxAbs(f *ringElement) int {
	m := uint32(0)
	for _, c := range f {
		m = max(m, fieldAbs(c))
	}
	return int(m)
}

// TestRoundingKernelsExhaustive runs HighBits, the LowBits norm, UseHint,
// MakeHint and Power2Round over every r in [0, q) at every level, for both
// values of γ2 where they depend on it, against the portable kernels; the
// norm checks are tested at the exact threshold (the maximum fails, one
// above passes).
func TestRoundingKernelsExhaustive(t *testing.T) {
	blocks := everyResidue()
	rng := rand.New(rand.NewPCG(5, 5))
	var hints, ct0 []ringElement
	for i := range blocks {
		var h, c ringElement
		for j := range n {
			switch i % 3 {
			case 0:
				h[j] = fieldElement(rng.IntN(2))
				c[j] = fieldElement(rng.Uint32N(q))
			case 1:
				h[j] = 1
				c[j] = fieldFromInt32(int32(rng.IntN(1<<13)) - 1<<12) // a t0-sized product
			default:
				c[j] = []fieldElement{0, 1, q - 1, q / 2}[j%4]
			}
		}
		hints, ct0 = append(hints, h), append(ct0, c)
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		if l == cpu.Portable {
			t.Skip("the portable kernels are the reference (TestRoundingExhaustive checks them)")
		}
		var w1, r ringElement
		if !highBitsArch(false, words(&w1), words(&r)) {
			t.Skipf("level %v has no rounding kernels on this architecture: they are the portable ones", l)
		}
		for _, p := range []*Params{MLDSA44, MLDSA65} {
			for i := range blocks {
				r := &blocks[i]
				var got, want ringElement
				polyHighBits(p, &got, r)
				polyHighBitsGeneric(p, &want, r)
				if got != want {
					t.Fatalf("%s: HighBits differs on block %d", p.Name, i)
				}
				polyUseHints(p, &got, &hints[i], r)
				polyUseHintsGeneric(p, &want, &hints[i], r)
				if got != want {
					t.Fatalf("%s: UseHint differs on block %d", p.Name, i)
				}
				gotOnes := polyMakeHints(p, &got, r, &ct0[i])
				wantOnes := polyMakeHintsGeneric(p, &want, r, &ct0[i])
				if got != want || gotOnes != wantOnes {
					t.Fatalf("%s: MakeHint differs on block %d", p.Name, i)
				}
				m := maxLowBits(p, r)
				if lowBitsNormBelow(p, r, m) || !lowBitsNormBelow(p, r, m+1) {
					t.Fatalf("%s: LowBits norm check wrong at its threshold %d on block %d", p.Name, m, i)
				}
			}
		}
		// Power2Round of every residue (plus zero), and of every residue
		// plus another, which covers both sides of the reduction of a + b,
		// and its t0 narrowed to a key's 16 bits and back.
		var zero ringElement
		for i := range blocks {
			for _, b := range []*ringElement{&zero, &ct0[i]} {
				var got1, got0, want1, want0 ringElement
				polyPower2RoundSum(&got1, &got0, &blocks[i], b)
				polyPower2RoundSumGeneric(&want1, &want0, &blocks[i], b)
				if got1 != want1 || got0 != want0 {
					t.Fatalf("Power2Round of a sum differs on block %d", i)
				}
				// t0 as a key keeps it: every value of (−2¹², 2¹²] occurs.
				var gotN, wantN t0Element
				narrowT0(&gotN, &got0)
				narrowT0Generic(&wantN, &want0)
				var back, backWant ringElement
				widenT0(&back, &gotN)
				widenT0Generic(&backWant, &wantN)
				if gotN != wantN || back != want0 || backWant != want0 {
					t.Fatalf("t0 narrowed or widened back differs on block %d", i)
				}
			}
		}
	})
}

// TestPolyKernelsMatchPortable checks addition, subtraction and the
// infinity-norm check on random and edge inputs at every level, the norm at
// its exact threshold and at the bounds signing uses.
func TestPolyKernelsMatchPortable(t *testing.T) {
	inputs := kernelInputs(2, 300)
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i, f := range inputs {
			g := inputs[(i*11+1)%len(inputs)]
			if polyAdd(&f, &g) != polyAddGeneric(&f, &g) || polySub(&f, &g) != polySubGeneric(&f, &g) {
				t.Fatalf("input %d: polyAdd or polySub differs from the portable kernel", i)
			}
			m := maxAbs(&f)
			if m > 0 && infinityNormBelow(&f, m) || !infinityNormBelow(&f, m+1) {
				t.Fatalf("input %d: norm check wrong at its threshold %d", i, m)
			}
			for _, bound := range []int{1, 2, 1<<17 - 78, 1<<19 - 196, (q - 1) / 88, (q - 1) / 32, (q - 1) / 2} {
				if infinityNormBelow(&f, bound) != infinityNormBelowGeneric(&f, bound) {
					t.Fatalf("input %d: norm check with bound %d differs", i, bound)
				}
			}
		}
	})
}

// TestPackingKernelsMatchPortable compares the z and t1 decoders and the z,
// w1, t1, t0 and η encoders with the portable kernels at every level, on random bytes,
// all-zero and all-one bytes, and coefficients at their largest values. The
// decoders get buffers exactly as long as the packings (and, for the AVX2
// kernels, which need 16 more readable bytes, longer ones), so the dispatch
// must not pick a kernel that reads past a short buffer; the kernels' loads
// themselves are bounded by the generator (masked loads for AVX-512).
func TestPackingKernelsMatchPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for _, p := range All() {
			for it := range 200 {
				in := make([]byte, 32*p.gamma1Bits)
				switch it {
				case 0:
				case 1:
					for i := range in {
						in[i] = 0xff
					}
				default:
					for i := range in {
						in[i] = byte(rng.Uint32())
					}
				}
				var got, want ringElement
				unpackZGeneric(p, &want, in)
				// Exactly the packing, and with the 16 bytes the AVX2
				// kernels need after it.
				for _, buf := range [][]byte{in, append(bytes.Clone(in), make([]byte, 16)...)} {
					unpackZ(p, &got, buf)
					if got != want {
						t.Fatalf("%s: unpackZ differs on input %d (buffer of %d bytes)", p.Name, it, len(buf))
					}
				}
				var t1 ringElement
				unpackT1Generic(&want, in[:320])
				for _, buf := range [][]byte{in[:320], in[:336]} {
					if unpackT1(&t1, buf); t1 != want {
						t.Fatalf("unpackT1 differs on input %d (buffer of %d bytes)", it, len(buf))
					}
				}
				// z in (−γ1, γ1], the range sigEncode packs.
				var zc ringElement
				for j := range zc {
					v := int32(rng.IntN(2*p.Gamma1)) - int32(p.Gamma1) + 1
					if it == 1 {
						v = []int32{int32(p.Gamma1), 1 - int32(p.Gamma1)}[j%2]
					}
					zc[j] = fieldFromInt32(v)
				}
				// Guard bytes after the packing catch a kernel that writes
				// past it.
				zBuf, zRef := bytes.Repeat([]byte{0xa5}, 32*p.gamma1Bits+32), make([]byte, 32*p.gamma1Bits)
				zOut := zBuf[:32*p.gamma1Bits]
				packZ(p, zOut, &zc)
				packZGeneric(p, zRef, &zc)
				if !bytes.Equal(zOut, zRef) {
					t.Fatalf("%s: packZ differs on input %d", p.Name, it)
				}
				if !bytes.Equal(zBuf[len(zOut):], bytes.Repeat([]byte{0xa5}, 32)) {
					t.Fatalf("%s: packZ wrote past the packing on input %d", p.Name, it)
				}
				var t1Coeffs ringElement
				for j := range t1Coeffs {
					t1Coeffs[j] = fieldElement(rng.Uint32N(1 << 10))
					if it == 1 {
						t1Coeffs[j] = 1<<10 - 1
					}
				}
				t1Out, t1Ref := make([]byte, 320), make([]byte, 320)
				packT1(t1Out, &t1Coeffs)
				packT1Generic(t1Ref, &t1Coeffs)
				if !bytes.Equal(t1Out, t1Ref) {
					t.Fatalf("packT1 differs on input %d", it)
				}
				var w1 ringElement
				top := uint32(1)<<p.w1Bits - 1
				for j := range w1 {
					w1[j] = fieldElement(rng.Uint32N(top + 1))
					if it == 1 {
						w1[j] = fieldElement(top)
					}
				}
				out, ref := make([]byte, 32*p.w1Bits), make([]byte, 32*p.w1Bits)
				packW1(p, out, &w1)
				packW1Generic(p, ref, &w1)
				if !bytes.Equal(out, ref) {
					t.Fatalf("%s: packW1 differs on input %d", p.Name, it)
				}
				// t0 in (−2¹², 2¹²] and s in [−η, η], the ranges skEncode
				// packs; input 1 alternates the two ends of each range.
				var t0, s ringElement
				for j := range t0 {
					t0[j] = fieldFromInt32(int32(rng.IntN(1<<d)) - 1<<(d-1) + 1)
					s[j] = fieldFromInt32(int32(rng.IntN(2*p.Eta+1)) - int32(p.Eta))
					if it == 1 {
						t0[j] = fieldFromInt32([]int32{1 << (d - 1), 1 - 1<<(d-1)}[j%2])
						s[j] = fieldFromInt32([]int32{int32(p.Eta), -int32(p.Eta)}[j%2])
					}
				}
				checkGuardedPacking(t, fmt.Sprintf("%s: packT0 on input %d", p.Name, it), 32*d,
					func(out []byte) { packT0(out, &t0) }, func(ref []byte) { packT0Generic(ref, &t0) })
				checkGuardedPacking(t, fmt.Sprintf("%s: packEta on input %d", p.Name, it), 32*p.etaBits,
					func(out []byte) { packEta(p, out, &s) }, func(ref []byte) { packEtaGeneric(p, ref, &s) })
			}
		}
	})
}

// checkGuardedPacking runs pack on a buffer of size bytes followed by 32
// guard bytes and fails unless it wrote what ref writes and left the guard
// bytes alone.
func checkGuardedPacking(t *testing.T, what string, size int, pack, ref func([]byte)) {
	t.Helper()
	buf, want := bytes.Repeat([]byte{0xa5}, size+32), make([]byte, size)
	pack(buf[:size])
	ref(want)
	if !bytes.Equal(buf[:size], want) {
		t.Fatalf("%s differs", what)
	}
	if !bytes.Equal(buf[size:], bytes.Repeat([]byte{0xa5}, 32)) {
		t.Fatalf("%s wrote past the packing", what)
	}
}

// polysFromBytes reads count polynomials of coefficients mod q from data,
// four bytes each, missing bytes read as zero.
func polysFromBytes(data []byte, count int) []ringElement {
	out := make([]ringElement, count)
	for i := range count * n {
		var v uint32
		for k := range 4 {
			if j := 4*i + k; j < len(data) {
				v |= uint32(data[j]) << (8 * k)
			}
		}
		out[i/n][i%n] = fieldElement(v % q)
	}
	return out
}

// FuzzCoefficientKernels feeds arbitrary polynomials to the coefficient-wise
// kernels (add, sub, Power2Round of a sum, norm checks, HighBits, the
// LowBits norm, MakeHint, UseHint) and arbitrary bytes to unpackZ, unpackT1, packZ, packW1 and
// packT1, at every level, comparing with the portable kernels.
func FuzzCoefficientKernels(f *testing.F) {
	f.Add([]byte{}, uint16(0), uint32(1))
	f.Add([]byte{0x00, 0xe0, 0x7f, 0x00, 0xff, 0xff, 0xff, 0xff}, uint16(8), uint32(0xffffffff))
	f.Add([]byte{0xff}, uint16(3*4*n), uint32(261888))
	f.Fuzz(func(t *testing.T, pattern []byte, length uint16, bound uint32) {
		// A short pattern cycled to length bytes, so that inputs stay short
		// enough for the fuzzer to minimize (fuzzedit.Cycle).
		data := fuzzedit.Cycle(pattern, int(length)%(3*4*n+1))
		ps := polysFromBytes(data, 3)
		a, b, c := &ps[0], &ps[1], &ps[2]
		var h ringElement
		for j := range h {
			h[j] = c[j] & 1
		}
		raw := make([]byte, 640+16) // room for the AVX2 decoder's reads
		copy(raw, data)
		bnd := int(bound%((q-1)/2)) + 1 // in [1, (q−1)/2] also where int has 32 bits
		cputest.AtEachLevel(t, func(l cpu.Level) {
			var t1, t1Want ringElement
			unpackT1Generic(&t1Want, raw[:320])
			for _, buf := range [][]byte{raw[:320], raw} {
				if unpackT1(&t1, buf); t1 != t1Want {
					t.Fatalf("level %v: unpackT1 differs", l)
				}
			}
			if polyAdd(a, b) != polyAddGeneric(a, b) || polySub(a, b) != polySubGeneric(a, b) ||
				infinityNormBelow(a, bnd) != infinityNormBelowGeneric(a, bnd) {
				t.Fatalf("level %v: add, sub or norm differs", l)
			}
			var got1, got0, want1, want0 ringElement
			polyPower2RoundSum(&got1, &got0, a, b)
			polyPower2RoundSumGeneric(&want1, &want0, a, b)
			if got1 != want1 || got0 != want0 {
				t.Fatalf("level %v: Power2Round of a sum differs", l)
			}
			var gotN, wantN t0Element
			narrowT0(&gotN, &got0)
			narrowT0Generic(&wantN, &want0)
			var back, backWant ringElement
			widenT0(&back, &gotN)
			if widenT0Generic(&backWant, &wantN); gotN != wantN || back != want0 || backWant != want0 {
				t.Fatalf("level %v: t0 narrowed or widened back differs", l)
			}
			for _, p := range All() {
				var got, want ringElement
				polyHighBits(p, &got, a)
				polyHighBitsGeneric(p, &want, a)
				if got != want {
					t.Fatalf("level %v, %s: HighBits differs", l, p.Name)
				}
				polyUseHints(p, &got, &h, a)
				polyUseHintsGeneric(p, &want, &h, a)
				if got != want {
					t.Fatalf("level %v, %s: UseHint differs", l, p.Name)
				}
				if polyMakeHints(p, &got, a, b) != polyMakeHintsGeneric(p, &want, a, b) || got != want {
					t.Fatalf("level %v, %s: MakeHint differs", l, p.Name)
				}
				if lowBitsNormBelow(p, a, bnd) != lowBitsNormBelowGeneric(p, a, bnd) {
					t.Fatalf("level %v, %s: LowBits norm differs", l, p.Name)
				}
				unpackZ(p, &got, raw)
				unpackZGeneric(p, &want, raw)
				if got != want {
					t.Fatalf("level %v, %s: unpackZ differs", l, p.Name)
				}
				for j := range got {
					got[j] = fieldFromInt32(int32(uint32(a[j])%uint32(2*p.Gamma1)) - int32(p.Gamma1) + 1)
				}
				z1, z2 := make([]byte, 32*p.gamma1Bits), make([]byte, 32*p.gamma1Bits)
				packZ(p, z1, &got)
				packZGeneric(p, z2, &got)
				if !bytes.Equal(z1, z2) {
					t.Fatalf("level %v, %s: packZ differs", l, p.Name)
				}
				for j := range got {
					got[j] = a[j] & (1<<10 - 1)
				}
				t1Out, t1Ref := make([]byte, 320), make([]byte, 320)
				packT1(t1Out, &got)
				packT1Generic(t1Ref, &got)
				if !bytes.Equal(t1Out, t1Ref) {
					t.Fatalf("level %v: packT1 differs", l)
				}
				for j := range got {
					got[j] &= 1<<p.w1Bits - 1
				}
				o1, o2 := make([]byte, 32*p.w1Bits), make([]byte, 32*p.w1Bits)
				packW1(p, o1, &got)
				packW1Generic(p, o2, &got)
				if !bytes.Equal(o1, o2) {
					t.Fatalf("level %v, %s: packW1 differs", l, p.Name)
				}
			}
		})
	})
}

// checkSampler samples from buf in pieces of the given lengths, as the
// Expand functions do block by block, with a dispatched rejection sampler and
// its portable twin, and fails if the fill levels or the coefficients below
// the fill level differ (the AVX2 kernels store whole vectors, so the words
// past the fill level are scratch until the polynomial is full).
func checkSampler[T ~[n]fieldElement](t *testing.T, buf []byte, pieces []int, simd, portable func(a *T, filled int, b []byte) int) {
	t.Helper()
	var got, want T
	fg, fw := 0, 0
	for off, i := 0, 0; off < len(buf); i++ {
		end := min(len(buf), off+pieces[i%len(pieces)])
		fg = simd(&got, fg, buf[off:end])
		fw = portable(&want, fw, buf[off:end])
		if fg != fw || !slices.Equal(got[:fg], want[:fw]) {
			t.Fatalf("level %v, after %d bytes: fill %d, portable %d, or coefficients differ", cpu.Active(), end, fg, fw)
		}
		off = end
	}
}

func checkRejNTTPoly(t *testing.T, buf []byte, pieces []int) {
	t.Helper()
	checkSampler(t, buf, pieces, rejNTTPoly, rejNTTPolyGeneric)
}

// TestRejNTTPolyMatchesPortable feeds the uniform sampler random streams,
// streams with many rejected candidates (all 0xff), streams of values just
// below and at q, and odd piece lengths, at every level.
func TestRejNTTPolyMatchesPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for it := range 300 {
			buf := make([]byte, 168*(1+it%6))
			for i := range buf {
				buf[i] = byte(rng.Uint32())
			}
			switch it % 5 {
			case 1:
				for i := range buf {
					buf[i] = 0xff
				}
			case 2:
				for i := 0; i+3 <= len(buf); i += 3 {
					v := uint32(q - 1 + rng.IntN(3)) // q − 1, q, q + 1
					if rng.IntN(2) == 0 {
						v |= 1 << 23 // the ignored top bit
					}
					buf[i], buf[i+1], buf[i+2] = byte(v), byte(v>>8), byte(v>>16)
				}
			}
			checkRejNTTPoly(t, buf, []int{168, 840, 1 + it%97, 3})
		}
	})
}

// FuzzRejNTTPoly compares the uniform sampler with the portable kernel at
// every level on arbitrary streams cut into arbitrary pieces.
func FuzzRejNTTPoly(f *testing.F) {
	f.Add([]byte{0xff}, uint16(840), uint8(168))
	f.Add([]byte{0x01, 0xe0, 0x7f}, uint16(900), uint8(48))
	f.Add([]byte{1, 2, 3, 4, 5}, uint16(5), uint8(1))
	f.Fuzz(func(t *testing.T, pattern []byte, length uint16, piece uint8) {
		buf := fuzzedit.Cycle(pattern, int(length)%2048) // short inputs, see FuzzCoefficientKernels
		cputest.AtEachLevel(t, func(cpu.Level) {
			checkRejNTTPoly(t, buf, []int{int(piece) + 1})
		})
	})
}

// checkRejBoundedPoly runs checkSampler on the bounded sampler for both η.
func checkRejBoundedPoly(t *testing.T, buf []byte, pieces []int) {
	t.Helper()
	for _, eta := range []int{2, 4} {
		checkSampler(t, buf, pieces,
			func(a *ringElement, f int, b []byte) int { return rejBoundedPoly(a, f, eta, b) },
			func(a *ringElement, f int, b []byte) int { return rejBoundedPolyGeneric(a, f, eta, b) })
	}
}

// TestRejBoundedPolyMatchesPortable feeds the bounded sampler random
// streams, streams of rejected half-bytes only (0xff), of the largest
// accepted ones, and odd piece lengths, at every level.
func TestRejBoundedPolyMatchesPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for it := range 300 {
			buf := make([]byte, 136*(1+it%4))
			for i := range buf {
				switch it % 4 {
				case 1:
					buf[i] = 0xff
				case 2:
					buf[i] = []byte{0xee, 0x88, 0x8e, 0xe8, 0x9f, 0xf9}[rng.IntN(6)]
				default:
					buf[i] = byte(rng.Uint32())
				}
			}
			checkRejBoundedPoly(t, buf, []int{136, 272, 1 + it%61, 9})
		}
	})
}

// FuzzRejBoundedPoly compares the bounded sampler with the portable kernel
// at every level on arbitrary streams cut into arbitrary pieces.
func FuzzRejBoundedPoly(f *testing.F) {
	f.Add([]byte{0xff}, uint16(272), uint8(135))
	f.Add([]byte{0x8e, 0xe8}, uint16(400), uint8(7))
	f.Add([]byte{0x12, 0x34}, uint16(2), uint8(0))
	f.Fuzz(func(t *testing.T, pattern []byte, length uint16, piece uint8) {
		buf := fuzzedit.Cycle(pattern, int(length)%2048) // short inputs, see FuzzCoefficientKernels
		cputest.AtEachLevel(t, func(cpu.Level) {
			checkRejBoundedPoly(t, buf, []int{int(piece) + 1})
		})
	})
}

// randomSmall returns a polynomial with coefficients in [−eta, eta], with
// the first ones at the bounds.
func randomSmall(rng *rand.Rand, eta int) (s ringElement) {
	for i := range s {
		v := rng.IntN(2*eta+1) - eta
		if i < 8 {
			v = []int{eta, -eta}[i%2]
		}
		s[i] = fieldFromInt32(int32(v))
	}
	return
}

// BenchmarkChallengeProducts compares, for each set and at every level, the
// two ways signing can compute y + c·s1: the NTT path (pointwise product
// with ŝ1, inverse NTT, addition) and the packed sparse product (pspm.go);
// "challenge" is the decomposition of c the packed products need, once per
// candidate; "window" writes the window of s (once per secret polynomial of
// a new key), "fill" builds the table from it (once per secret polynomial
// of a signature) and "secret" reads s back from it (EncodeExpanded).
func BenchmarkChallengeProducts(b *testing.B) {
	for _, p := range All() {
		rng := rand.New(rand.NewPCG(10, 10))
		c := sampleInBall(p, []byte("challenge"))
		s := randomSmall(rng, p.Eta)
		y := randomRing(rng)
		cH, sH := ntt(&c), ntt(&s)
		tables := newPackedTables(p, []ringElement{s}, nil)
		var ch challenge
		ch.set(&c)
		var z ringElement
		b.Run(p.Name+"/ntt", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				var prod nttElement
				var cs ringElement
				benchcpu.Loop(b, func() {
					nttMulTo(&prod, &cH, &sH)
					invNTTTo(&cs, &prod)
					polyAddTo(&z, &y, &cs)
				})
			})
		})
		b.Run(p.Name+"/packed", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() { tables.mul(&z, &y, 0, &ch, false) })
			})
		})
		b.Run(p.Name+"/challenge", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() { ch.set(&c) })
			})
		})
		var w secretWindow
		var scratch packedTable
		b.Run(p.Name+"/window", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() { windowOf(&w, &s, p.Eta, &scratch) })
			})
		})
		b.Run(p.Name+"/fill", func(b *testing.B) {
			benchcpu.Loop(b, func() { tableFromWindow(&tables.buf[0], &w, p.Eta) })
		})
		b.Run(p.Name+"/secret", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() { w.secret(&z, p.Eta) })
			})
		})
	}
}

// TestUnpackZMatchesPortable decodes random bytes, all-ones bytes and
// packings of the extreme coefficients with 16 bytes of slack after them
// (so the reading-past kernels run) at every level, against the portable
// decoding.
func TestUnpackZMatchesPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for _, p := range All() {
			size := 32 * p.gamma1Bits
			for it := range 40 {
				buf := make([]byte, size+16)
				for i := range buf {
					buf[i] = byte(rng.Uint32())
				}
				switch it {
				case 1:
					for i := range buf {
						buf[i] = 0xff
					}
				case 2, 3:
					var f ringElement
					for i := range f {
						f[i] = fieldFromInt32(int32(p.Gamma1) - int32(it-2)*(2*int32(p.Gamma1)-1)) // γ1, then −γ1 + 1
					}
					packZGeneric(p, buf, &f)
				}
				var got, want ringElement
				unpackZ(p, &got, buf)
				unpackZGeneric(p, &want, buf[:size])
				if got != want {
					t.Fatalf("level %v, %s, input %d: unpackZ differs", l, p.Name, it)
				}
			}
		}
	})
}

// TestNTTSignedInputs checks the exported NTT's contract at every level: a
// polynomial with signed coefficients in (−q, q) transforms to the NTT of
// its residues in [0, q), random and at the ends (±(q−1), ±1, the small
// range SMAUG-T feeds), and InverseNTT writes its result in place.
func TestNTTSignedInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var inputs [][n]int32
	for _, v := range []int32{0, 1, -1, q - 1, -(q - 1), 2047, -2048} {
		var a [n]int32
		for i := range a {
			a[i] = v
		}
		inputs = append(inputs, a)
	}
	for trial := range 60 {
		var a [n]int32
		for i := range a {
			switch trial % 3 {
			case 0:
				a[i] = rng.Int32N(2*q-1) - (q - 1)
			case 1:
				a[i] = rng.Int32N(4096) - 2048
			default:
				a[i] = []int32{q - 1, -(q - 1), 1, -1, 0}[rng.IntN(5)]
			}
		}
		inputs = append(inputs, a)
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for k, a := range inputs {
			var r ringElement
			for i, c := range a {
				r[i] = fieldFromInt32(c)
			}
			want := nttGeneric(&r)
			var got [n]uint32
			NTT(&got, &a)
			if got != *words(&want) {
				t.Fatalf("input %d: NTT of signed coefficients differs from the NTT of their residues", k)
			}
			wantInv := invNTTGeneric(&want)
			InverseNTT(&got, &got)
			if got != *words(&wantInv) {
				t.Fatalf("input %d: InverseNTT in place differs from the portable kernel", k)
			}
		}
	})
}

// TestNTTDotInPlace checks NTTDot at every level with out being a[0] or
// b[0], for every number of pairs.
func TestNTTDotInPlace(t *testing.T) {
	inputs := kernelInputs(13, 20)
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i := range inputs {
			for terms := 1; terms <= maxL; terms++ {
				var a, b [maxL][n]uint32
				for j := range terms {
					a[j] = *words(&inputs[(i+j)%len(inputs)])
					b[j] = *words(&inputs[(i+3*j+1)%len(inputs)])
				}
				var want [n]uint32
				NTTDot(&want, a[:terms], b[:terms])
				x, y := a, b
				NTTDot(&x[0], x[:terms], y[:terms])
				if x[0] != want {
					t.Fatalf("input %d, %d pairs: NTTDot into a[0] differs", i, terms)
				}
				x, y = a, b
				NTTDot(&y[0], x[:terms], y[:terms])
				if y[0] != want {
					t.Fatalf("input %d, %d pairs: NTTDot into b[0] differs", i, terms)
				}
			}
		}
	})
}
