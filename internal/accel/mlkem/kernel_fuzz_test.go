package mlkem

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// Differential fuzz targets: every kernel at every level the CPU has against
// the portable kernel, on inputs cut from the fuzzer's bytes.

// polyFromBytes fills a polynomial with values in [0, q) from data (two
// bytes per coefficient, reduced), cycling through data.
func polyFromBytes(data []byte, offset int) [n]fieldElement {
	var f [n]fieldElement
	if len(data) == 0 {
		return f
	}
	for i := range f {
		lo, hi := data[(offset+2*i)%len(data)], data[(offset+2*i+1)%len(data)]
		f[i] = fieldElement((uint32(lo) | uint32(hi)<<8) % q)
	}
	return f
}

func FuzzRingKernels(f *testing.F) {
	f.Add([]byte{0})
	f.Add(bytes.Repeat([]byte{0x00, 0x0d}, 256)) // q−1 = 0x0d00 only
	f.Add([]byte{0xff, 0xff, 0x00, 0x00, 0x01, 0x0d, 0x00, 0x0d})
	f.Fuzz(func(t *testing.T, data []byte) {
		var polys [2 * maxK]nttElement
		var a, b [maxK]*nttElement
		for i := range polys {
			polys[i] = nttElement(polyFromBytes(data, 512*i))
		}
		for j := range maxK {
			a[j], b[j] = &polys[j], &polys[maxK+j]
		}
		ring := ringElement(polys[0])
		wantNTT, wantInv := nttGeneric(&ring), inverseNTTGeneric(&polys[1])
		wantDot := dotProductGeneric(&polys[2], &a, &b, maxK)
		wantAdd, wantSub := polyAddGeneric(&polys[0], &polys[1]), polySubGeneric(&polys[0], &polys[1])
		cputest.AtEachLevel(t, func(l cpu.Level) {
			if ntt(&ring) != wantNTT || inverseNTT(&polys[1]) != wantInv {
				t.Fatalf("%v: NTT or inverse NTT differs", l)
			}
			if dotProduct(&polys[2], &a, &b, maxK) != wantDot {
				t.Fatalf("%v: dotProduct differs", l)
			}
			if polyAdd(&polys[0], &polys[1]) != wantAdd || polySub(&polys[0], &polys[1]) != wantSub {
				t.Fatalf("%v: polyAdd or polySub differs", l)
			}
		})
	})
}

func FuzzSamplingKernels(f *testing.F) {
	f.Add([]byte{0}, uint8(0))
	f.Add(bytes.Repeat([]byte{0xff}, 504), uint8(200))
	f.Add(bytes.Repeat([]byte{0x01, 0x0d, 0xd0}, 56), uint8(250)) // candidates q and q−1, alternating
	f.Fuzz(func(t *testing.T, data []byte, start uint8) {
		j := int(start)
		var cbd [192]byte
		for i := range cbd {
			if len(data) > 0 {
				cbd[i] = data[i%len(data)]
			}
		}
		buf := data[:len(data)/3*3]
		var want nttElement
		wantJ := sampleNTTParseGeneric(&want, j, buf)
		var want2, want3 ringElement
		samplePolyCBDGeneric(&want2, cbd[:128], 2)
		samplePolyCBDGeneric(&want3, cbd[:], 3)
		cputest.AtEachLevel(t, func(l cpu.Level) {
			var got nttElement
			if gotJ := sampleNTTParse(&got, j, buf); gotJ != wantJ || got != want {
				t.Fatalf("%v: sampleNTTParse differs", l)
			}
			var got2, got3 ringElement
			samplePolyCBD(&got2, cbd[:128], 2)
			samplePolyCBD(&got3, cbd[:], 3)
			if got2 != want2 || got3 != want3 {
				t.Fatalf("%v: samplePolyCBD differs", l)
			}
		})
	})
}

func FuzzPackingKernels(f *testing.F) {
	f.Add([]byte{0})
	f.Add(bytes.Repeat([]byte{0xff}, 384))
	f.Add(bytes.Repeat([]byte{0x01, 0x1d, 0xd0}, 128)) // every 12-bit coefficient q
	f.Fuzz(func(t *testing.T, data []byte) {
		var enc [encodedPolySize]byte
		for i := range enc {
			if len(data) > 0 {
				enc[i] = data[i%len(data)]
			}
		}
		poly := ringElement(polyFromBytes(data, 0))
		ds := []uint{1, 4, 5, 10, 11}
		var wantEnc [5][]byte
		var wantDec [5]ringElement
		for i, d := range ds {
			wantEnc[i] = make([]byte, 32*d)
			compressEncodeGeneric(wantEnc[i], &poly, d)
			wantDec[i] = decodeDecompressGeneric(enc[:32*d], d)
		}
		var want12 [encodedPolySize]byte
		byteEncode12Generic(want12[:], &poly)
		var wantChecked, wantReduced ringElement
		wantErr := byteDecode12CheckedGeneric(&wantChecked, enc[:])
		byteDecode12ReduceGeneric(&wantReduced, enc[:])
		cputest.AtEachLevel(t, func(l cpu.Level) {
			for i, d := range ds {
				got := make([]byte, 32*d)
				compressEncode(got, &poly, d)
				if !bytes.Equal(got, wantEnc[i]) || decodeDecompress(enc[:32*d], d) != wantDec[i] {
					t.Fatalf("%v: d = %d packing differs", l, d)
				}
			}
			var got12 [encodedPolySize]byte
			byteEncode12(got12[:], &poly)
			var checked, reduced ringElement
			err := byteDecode12Checked(&checked, enc[:])
			byteDecode12Reduce(&reduced, enc[:])
			if got12 != want12 || (err == nil) != (wantErr == nil) || (err == nil && checked != wantChecked) || reduced != wantReduced {
				t.Fatalf("%v: 12-bit packing differs", l)
			}
		})
	})
}
