package smaug

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// atEveryLevel runs a differential test at every level this CPU has, with
// a PCG stream of its own seed, and logs how many cases matched.
func atEveryLevel(t *testing.T, seed uint64, test func(t *testing.T, r *rand.Rand) (cases int, what string)) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		cases, what := test(t, rand.New(rand.NewPCG(20, seed)))
		t.Logf("%s: %d %s", l, cases, what)
		if cases == 0 {
			t.Fatal("no cases ran")
		}
	})
}

// TestDecodeRqMatchesGeneric checks the R_q unpacking (its kernels at every
// level) against its Go twin, bit for bit, for log q = 10 and 11, on random
// bytes and on all-zero and all-one bytes.
func TestDecodeRqMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 6, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for _, logQ := range []uint{10, 11} {
			b := make([]byte, int(logQ)*n/8)
			for trial := range 200 {
				switch trial {
				case 0:
					clear(b)
				case 1:
					for i := range b {
						b[i] = 0xff
					}
				default:
					fill(r, b)
				}
				var got, want poly
				decodeRq(&got, b, logQ)
				decodeRqGeneric(&want, b, logQ)
				if got != want {
					t.Fatalf("log q = %d, trial %d: decodeRq differs from its Go twin", logQ, trial)
				}
				cases++
			}
		}
		return cases, "packings matched"
	})
}

// TestSampleEphemeralMatchesGeneric checks the ephemeral samplers (their
// kernels at every level) against their Go twin, bit for bit, for the three
// distributions, on random, all-zero and all-one bytes, with buffers whose
// capacity has room for the SMAUG-T128 kernel's overread and without.
func TestSampleEphemeralMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 7, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for _, p := range []*Params{SMAUGT128, SMAUGT192, SMAUGT256} {
			for trial := range 200 {
				room := make([]byte, 128)
				b := room[:p.ephemeralBytes()]
				if trial%2 == 1 {
					b = append([]byte(nil), b...) // capacity exactly its length
				}
				switch trial {
				case 0, 1:
				case 2, 3:
					for i := range b {
						b[i] = 0xff
					}
				default:
					fill(r, b)
					fill(r, room[len(b):]) // the overread byte must not matter
				}
				var got, want poly
				sampleEphemeral(&got, b, p.r)
				sampleEphemeralGeneric(&want, b, p.r)
				if got != want {
					t.Fatalf("%s, trial %d: sampleEphemeral differs from its Go twin", p.name, trial)
				}
				cases++
			}
		}
		return cases, "polynomials matched"
	})
}

// TestHWTPassesMatchGeneric checks the HWT's two data-parallel passes (their
// kernels at every level) against their Go twins, bit for bit: the first
// pass on random streams, streams with forced rejections and all-zero and
// all-one samples; the sign pass on random zero masks and sign bytes, also in place.
func TestHWTPassesMatchGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			buf := hwtStream(r, trial%40)
			switch trial {
			case 0:
				clear(buf[:])
			case 1:
				for i := range buf {
					buf[i] = 0xff
				}
			}
			samples := (*[2 * n]byte)(buf[:2*n])
			var gi, gp, wi, wp [n]uint32
			got := hwtFirst(&gi, &gp, samples)
			want := hwtFirstGeneric(&wi, &wp, samples)
			if got != want || gi != wi || gp != wp {
				t.Fatalf("trial %d: hwtFirst differs from its Go twin (%d rejections, want %d)", trial, got, want)
			}
			var isZero [n]int32
			for i := range isZero {
				isZero[i] = -r.Int32N(2)
			}
			sign := (*[hwtSignBytes]byte)(buf[hwtRandomBytes:])
			var gs, ws poly
			hwtSigns(&gs, &isZero, sign)
			hwtSignsGeneric(&ws, &isZero, sign)
			inPlace := poly(isZero)
			hwtSigns(&inPlace, (*[n]int32)(&inPlace), sign)
			if gs != ws || inPlace != ws {
				t.Fatalf("trial %d: hwtSigns differs from its Go twin (or in place)", trial)
			}
			cases++
		}
		return cases, "streams matched in both passes"
	})
}

// TestHWTSparesMatchGeneric checks the HWT's spare pass and placement
// count (their kernels at every level) against their Go twins, bit for
// bit: the spare pass on streams with forced rejections, from a few to
// beyond the 52 spares (both the indices and the exhaustion verdicts must
// agree, and pending must be left as it was), the count on the first
// pass's indices with every set's number of zeros and random ones.
func TestHWTSparesMatchGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		var spared, exhausted int
		for trial := range 400 {
			buf := hwtStream(r, 1+trial%70)
			var index, pending [n]uint32
			rejected := hwtFirstGeneric(&index, &pending, (*[2 * n]byte)(buf[:2*n]))
			spares := (*[2 * hwtSpares]byte)(buf[2*n : hwtRandomBytes])
			if rejected > 0 {
				gi, wi := index, index
				gp := pending
				got := hwtSparePass(&gi, &gp, spares, rejected)
				want := hwtSparesGeneric(&wi, &pending, spares, rejected)
				if got != want || (want == 0 && gi != wi) || gp != pending {
					t.Fatalf("trial %d (%d rejections): hwtSparePass left %d, Go twin %d, or their indices or pending differ", trial, rejected, got, want)
				}
				if want == 0 {
					spared++
					index = wi
				} else {
					exhausted++
				}
				cases++
			}
			for _, zeros := range []int32{int32(n - allParams[trial%len(allParams)].hs), r.Int32N(n + 1), 0, n} {
				var got, want [n]int32
				hwtZeros(&got, &index, zeros)
				hwtZerosGeneric(&want, &index, zeros)
				if got != want {
					t.Fatalf("trial %d: hwtZeros differs from its Go twin with %d zeros", trial, zeros)
				}
				cases++
			}
		}
		if spared == 0 || exhausted == 0 {
			t.Fatalf("the streams reached the spares %d times and exhausted them %d times", spared, exhausted)
		}
		return cases, "spare passes and counts matched"
	})
}

// TestEncodeSecretMatchesGeneric checks the secret's packing (its kernel
// at every level) against its Go twin on random ternary polynomials,
// sparse and dense, and the constant ones.
func TestEncodeSecretMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			var s poly
			for i := range s {
				switch trial {
				case 0, 1, 2:
					s[i] = int32(trial) - 1
				default:
					if r.IntN(1+trial%4) == 0 {
						s[i] = r.Int32N(3) - 1
					}
				}
			}
			var got, want [secretPolySize]byte
			encodeSecret(&got, &s)
			encodeSecretGeneric(&want, &s)
			if got != want {
				t.Fatalf("trial %d: encodeSecret differs from its Go twin", trial)
			}
			cases++
		}
		return cases, "packings matched"
	})
}

// TestSubMaskMatchesGeneric checks key generation's subtraction (its kernel
// at every level) against its Go twin, for both moduli, on the ranges key
// generation gives (a Gaussian error, a centred product below 2^21) and on
// extremes.
func TestSubMaskMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 200 {
			var a, b poly
			for i := range a {
				a[i] = r.Int32N(7) - 3
				b[i] = r.Int32N(1<<22) - 1<<21
				if trial < 2 {
					a[i], b[i] = int32(trial)*(1<<31-1), -1<<31+int32(trial)
				}
			}
			for _, mask := range []int32{1<<10 - 1, 1<<11 - 1} {
				var got, want poly
				subMask(&got, &a, &b, mask)
				subMaskGeneric(&want, &a, &b, mask)
				if got != want {
					t.Fatalf("trial %d: subMask differs from its Go twin (mask %#x)", trial, mask)
				}
				cases++
			}
		}
		return cases, "subtractions matched"
	})
}

// TestPackBitsMatchesGeneric checks c2's d-bit packing (its kernel, for
// d = 5, at every level) against its Go twin on random coefficients below
// 2^d and the extremes, and that nothing is written past the packing; and
// c2's 7-bit and 3-bit packings (SMAUG-T256, TiMER) likewise, with their
// unpackings of random bytes.
func TestPackBitsMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			for _, d := range []uint{4, 5} {
				var a poly
				for i := range a {
					switch trial {
					case 0:
					case 1:
						a[i] = 1<<d - 1
					default:
						a[i] = r.Int32N(1 << d)
					}
				}
				size := int(d) * n / 8
				got := make([]byte, size+8)
				want := make([]byte, size+8)
				for i := range got {
					got[i], want[i] = 0xa5, 0xa5
				}
				packBits(got[:size], &a, d)
				packBitsGeneric(want[:size], &a, d)
				if !bytes.Equal(got, want) {
					t.Fatalf("trial %d: packBits differs from its Go twin for d = %d", trial, d)
				}
				cases++
			}
			// log p' = 7 (SMAUG-T256) and 3 (TiMER): encodeRp2 through
			// their kernels.
			for _, d := range []uint{3, 7} {
				var a poly
				for i := range a {
					a[i] = r.Int32N(1 << d)
					if trial < 2 {
						a[i] = int32(trial) * (1<<d - 1)
					}
				}
				size := int(d) * n / 8
				got := make([]byte, size+8)
				want := make([]byte, size+8)
				encodeRp2(got[:size], &a, d)
				if d == 7 {
					rp7EncodeGeneric((*[7 * n / 8]byte)(want), &a)
				} else {
					rp3EncodeGeneric((*[3 * n / 8]byte)(want), &a)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("trial %d: encodeRp2 differs from its Go twin for log p' = %d", trial, d)
				}
				cases++
				// And the unpacking, of random bytes (every byte string
				// of the length is a packing).
				fill(r, got[:size])
				var ga, wa poly
				decodeRp2(&ga, got[:size], d)
				if d == 7 {
					rp7DecodeGeneric(&wa, (*[7 * n / 8]byte)(got))
				} else {
					rp3DecodeGeneric(&wa, (*[3 * n / 8]byte)(got))
				}
				if ga != wa {
					t.Fatalf("trial %d: decodeRp2 differs from its Go twin for log p' = %d", trial, d)
				}
				cases++
			}
		}
		return cases, "packings matched"
	})
}

// TestRpHighMatchesGeneric checks the ninth-bit part of c1's packing for
// log p = 9 and its unpacking (their kernels at every level) against their
// Go twins on random coefficients below 2^9 and random bytes.
func TestRpHighMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 8, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			var a poly
			for i := range a {
				a[i] = r.Int32N(1 << 9)
				if trial < 2 {
					a[i] = int32(trial) * (1<<9 - 1)
				}
			}
			var got, want [32]byte
			if !rpHighEncodeArch(&got, (*[n]int32)(&a)) {
				rpHighEncodeGeneric(&got, &a)
			}
			rpHighEncodeGeneric(&want, &a)
			if got != want {
				t.Fatalf("trial %d: the ninth-bit packing differs from its Go twin", trial)
			}
			fill(r, got[:])
			var low poly
			for i := range low {
				low[i] = r.Int32N(1 << 8)
			}
			ga, wa := low, low
			if !rpHighDecodeArch((*[n]int32)(&ga), &got) {
				rpHighDecodeGeneric(&ga, &got)
			}
			rpHighDecodeGeneric(&wa, &got)
			if ga != wa {
				t.Fatalf("trial %d: the ninth-bit unpacking differs from its Go twin", trial)
			}
			cases++
		}
		return cases, "ninth-bit packings and unpackings matched"
	})
}

// TestRoundMatchesGeneric checks encryption's roundings (their kernels at
// every level) against their Go twin, bit for bit, with every parameter
// set's c1 and c2 constants, on products across the range the dot products
// give (|x| < 2^21) and their extremes, with and without a message.
func TestRoundMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 9, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for _, p := range allParams {
			shiftQ := uint32(16 - p.logQ)
			for _, params := range [][4]uint32{
				{shiftQ, uint32(p.rdAdd), uint32(p.rdAnd), uint32(16 - p.logP)},
				{shiftQ, uint32(p.rdAdd2), uint32(p.rdAnd2), uint32(16 - p.logP2)},
			} {
				for trial := range 50 {
					var in poly
					var msg [n]uint16
					for i := range in {
						switch trial {
						case 0:
							in[i] = 1<<21 - 1
						case 1:
							in[i] = -(1<<21 - 1)
						default:
							in[i] = r.Int32N(1<<22) - 1<<21
						}
						msg[i] = []uint16{0, 0x8000, 0x7fff}[r.IntN(3)]
					}
					for _, m := range []*[n]uint16{nil, &msg} {
						got, want := in, in
						round(&got, m, &params)
						roundGeneric(&want, m, &params)
						if got != want {
							t.Fatalf("%s %v, trial %d: round differs from its Go twin", p.name, params, trial)
						}
						cases++
					}
				}
			}
		}
		return cases, "roundings matched"
	})
}

// TestGaussianMatchesGeneric checks the discrete Gaussian (its kernel at
// every level) against its Go twin, bit for bit, on random, all-zero,
// all-one and single-word-pattern inputs.
func TestGaussianMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 10, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			var b [gaussianBytes]byte
			switch {
			case trial == 1:
				for i := range b {
					b[i] = 0xff
				}
			case trial >= 2 && trial < 42:
				// One word of every block all ones, the others random.
				fill(r, b[:])
				w := trial % 10
				for blk := range 4 {
					for i := range 8 {
						b[80*blk+8*w+i] = 0xff
					}
				}
			case trial >= 42:
				fill(r, b[:])
			}
			var got, want poly
			sampleGaussian(&got, b[:])
			sampleGaussianGeneric(&want, b[:])
			if got != want {
				t.Fatalf("trial %d: sampleGaussian differs from its Go twin", trial)
			}
			cases++
		}
		return cases, "error polynomials matched"
	})
}

// TestEncodeRqMatchesGeneric checks the R_q packing (its kernels at every
// level) against its Go twin, bit for bit, for log q = 10 and 11, on random
// coefficients in [0, q), all zeros and all q − 1.
func TestEncodeRqMatchesGeneric(t *testing.T) {
	atEveryLevel(t, 11, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for _, logQ := range []uint{10, 11} {
			for trial := range 200 {
				var a poly
				for i := range a {
					switch trial {
					case 0:
					case 1:
						a[i] = 1<<logQ - 1
					default:
						a[i] = r.Int32N(1 << logQ)
					}
				}
				got := make([]byte, int(logQ)*n/8)
				want := make([]byte, len(got))
				encodeRq(got, &a, logQ)
				encodeRqGeneric(want, &a, logQ)
				if !bytes.Equal(got, want) {
					t.Fatalf("log q = %d, trial %d: encodeRq differs from its Go twin", logQ, trial)
				}
				cases++
			}
		}
		return cases, "packings matched"
	})
}

// TestMessageKernelsMatchGeneric checks the message's spreading and reading
// (their kernels at every level) against their Go twins, bit for bit: the
// spreading with both scalings on random, all-zero and all-one messages,
// the reading (and TiMER's D2 reading) with every set's shifts on random
// coefficients of the ranges decryption gives them (c2 below 2^log p', the
// centred product of either sign) and on extreme ones.
func TestMessageKernelsMatchGeneric(t *testing.T) {
	atEveryLevel(t, 12, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 300 {
			var mu [maxMessageSize]byte
			switch trial {
			case 0:
			case 1:
				for i := range mu {
					mu[i] = 0xff
				}
			default:
				fill(r, mu[:])
			}
			for _, value := range []uint16{1 << 15, 0x7fff} {
				var got, want [n]uint16
				messageBits(&got, &mu, value)
				messageBitsGeneric(&want, &mu, value)
				if got != want {
					t.Fatalf("trial %d, value %#x: messageBits differs from its Go twin", trial, value)
				}
				cases++
			}
			for _, p := range allParams {
				s := [2]uint32{uint32(16 - p.logP2), uint32(16 - p.logP)}
				var c2, w poly
				for c := range n {
					switch trial {
					case 0:
					case 1:
						c2[c], w[c] = 1<<p.logP2-1, 1<<21-1
					case 2:
						c2[c], w[c] = 1<<p.logP2-1, -(1<<21 - 1)
					default:
						c2[c] = int32(r.IntN(1 << p.logP2))
						w[c] = int32(r.IntN(1<<22)) - 1<<21
					}
				}
				var got, want [maxMessageSize]byte
				fill(r, got[:]) // every bit must be written
				messageDecode(&got, &c2, &w, &s)
				messageDecodeGeneric(&want, &c2, &w, &s)
				if got != want {
					t.Fatalf("%s, trial %d: messageDecode differs from its Go twin", p.name, trial)
				}
				cases++
				var gotD2, wantD2 [maxMessageSize / 2]byte
				fill(r, gotD2[:])
				messageDecodeD2(&gotD2, &c2, &w, &s)
				messageDecodeD2Generic(&wantD2, &c2, &w, &s)
				if gotD2 != wantD2 {
					t.Fatalf("%s, trial %d: messageDecodeD2 differs from its Go twin", p.name, trial)
				}
				cases++
			}
		}
		return cases, "message spreadings and readings matched"
	})
}

// TestRpBytesMatchGeneric checks the byte part of the R_p packing and
// unpacking (their kernels at every level) against their Go twins, bit for
// bit, on coefficients below 2^9 (the kernel keeps only the low byte) and
// on random, all-zero and all-one bytes.
func TestRpBytesMatchGeneric(t *testing.T) {
	atEveryLevel(t, 13, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for trial := range 200 {
			var a poly
			var b [n]byte
			for i := range a {
				switch trial {
				case 0:
				case 1:
					a[i], b[i] = 1<<9-1, 0xff
				default:
					a[i], b[i] = r.Int32N(1<<9), byte(r.Uint32())
				}
			}
			var got, want [n]byte
			rpBytesEncode(&got, &a)
			rpBytesEncodeGeneric(&want, &a)
			if got != want {
				t.Fatalf("trial %d: rpBytesEncode differs from its Go twin", trial)
			}
			var gotA, wantA poly
			rpBytesDecode(&gotA, &b)
			rpBytesDecodeGeneric(&wantA, &b)
			if gotA != wantA {
				t.Fatalf("trial %d: rpBytesDecode differs from its Go twin", trial)
			}
			cases += 2
		}
		return cases, "byte packings matched"
	})
}
