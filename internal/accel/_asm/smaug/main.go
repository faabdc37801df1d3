// Command smaug generates the amd64 kernels of package
// internal/accel/smaug:
//
//   - decodeRq10AVX2, decodeRq11AVX2: the reference's packing of a
//     polynomial of R_q for log q = 10 and 11 (pack.c; see encodeRq in
//     encode.go for the layout), into 32-bit coefficients, and
//     encodeRq10AVX2, encodeRq11AVX2, the packing back (encode.go here);
//   - rpBytesDecodeAVX2, rpBytesEncodeAVX2: the byte part of the R_p
//     packing of c1, and rpHighDecodeAVX2, rpHighEncodeAVX2 its ninth-bit
//     part for log p = 9 (encode.go);
//   - cbd3AVX2, cbd1AVX2, cbd4AVX2: the ephemeral samplers of SMAUG-T128
//     (and TiMER), SMAUG-T192 and SMAUG-T256 (cbd.go);
//   - hwtFirstAVX2, hwtSparesAVX2, hwtZerosAVX2, hwtSignsAVX2: the HWT
//     sampler's first-sample pass, spare pass, placement count and sign
//     pass (hwt.go);
//   - encodeSecretAVX2: the secret's 2-bit packing in sk (encode.go);
//   - packBits5AVX2, rp7EncodeAVX2, rp3EncodeAVX2: c2's packings for
//     SMAUG-T128, SMAUG-T256 and TiMER, and rp7DecodeAVX2, rp3DecodeAVX2
//     the unpackings of the last two (encode.go);
//   - subMaskAVX2: key generation's b = e − A·s in R_q (round.go);
//   - gaussianAVX2: the discrete Gaussian of the error (gaussian.go);
//   - roundAVX2, roundMessageAVX2: encryption's roundings of c1 and c2
//     (round.go);
//   - messageBitsAVX2, messageDecodeAVX2, messageDecodeD2AVX2: the message
//     spread over the coefficients in encryption, and read back from them
//     in decryption, TiMER's D2 encoding included (message.go).
//
// The unpacking kernels are straight-line code: eight coefficients a ymm register, the top
// eight bits of each widened from its byte, the low bits taken from the
// 16-bit words of the tail by constant shifts. The data is public (pk), but
// nothing in them depends on it anyway. The AVX-512 level runs the same
// AVX2 kernels: a zmm form could not be tested on the machines that test
// this code.
//
// Run it through go generate in internal/accel/smaug.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// n is the number of coefficients of a polynomial.
const n = 256

// contract lists the hooks through which smaug's kernels.go reaches the
// kernels.
var contract = []dispatch.Kernel{
	{Hook: "decodeRq10Arch", Of: "decodeRq", Impls: dispatch.Levels("AVX512", "decodeRq10AVX2", "AVX2", "decodeRq10AVX2")},
	{Hook: "decodeRq11Arch", Of: "decodeRq", Impls: dispatch.Levels("AVX512", "decodeRq11AVX2", "AVX2", "decodeRq11AVX2")},
	{Hook: "encodeRq10Arch", Of: "encodeRq", Impls: dispatch.Levels("AVX512", "encodeRq10AVX2", "AVX2", "encodeRq10AVX2")},
	{Hook: "encodeRq11Arch", Of: "encodeRq", Impls: dispatch.Levels("AVX512", "encodeRq11AVX2", "AVX2", "encodeRq11AVX2")},
	{Hook: "rpBytesDecodeArch", Of: "decodeRp", Impls: dispatch.Levels("AVX512", "rpBytesDecodeAVX2", "AVX2", "rpBytesDecodeAVX2")},
	{Hook: "rpBytesEncodeArch", Of: "encodeRp", Impls: dispatch.Levels("AVX512", "rpBytesEncodeAVX2", "AVX2", "rpBytesEncodeAVX2")},
	{Hook: "cbd3Arch", Of: "sampleEphemeral", Impls: dispatch.Levels("AVX512", "cbd3AVX2", "AVX2", "cbd3AVX2")},
	{Hook: "cbd1Arch", Of: "sampleEphemeral", Impls: dispatch.Levels("AVX512", "cbd1AVX2", "AVX2", "cbd1AVX2")},
	{Hook: "cbd4Arch", Of: "sampleEphemeral", Impls: dispatch.Levels("AVX512", "cbd4AVX2", "AVX2", "cbd4AVX2")},
	{Hook: "hwtFirstArch", Of: "hwtFromStream", Impls: dispatch.Levels("AVX512", "hwtFirstAVX2", "AVX2", "hwtFirstAVX2")},
	{Hook: "hwtSignsArch", Of: "hwtFromStream", Impls: dispatch.Levels("AVX512", "hwtSignsAVX2", "AVX2", "hwtSignsAVX2")},
	{Hook: "hwtSparesArch", Of: "hwtFromStream", Impls: dispatch.Levels("AVX512", "hwtSparesAVX2", "AVX2", "hwtSparesAVX2")},
	{Hook: "hwtZerosArch", Of: "hwtFromStream", Impls: dispatch.Levels("AVX512", "hwtZerosAVX2", "AVX2", "hwtZerosAVX2")},
	{Hook: "encodeSecretArch", Of: "encodeSecret", Impls: dispatch.Levels("AVX512", "encodeSecretAVX2", "AVX2", "encodeSecretAVX2")},
	{Hook: "packBits5Arch", Of: "packBits", Impls: dispatch.Levels("AVX512", "packBits5AVX2", "AVX2", "packBits5AVX2")},
	{Hook: "rpHighEncodeArch", Of: "encodeRp", Impls: dispatch.Levels("AVX512", "rpHighEncodeAVX2", "AVX2", "rpHighEncodeAVX2")},
	{Hook: "rpHighDecodeArch", Of: "decodeRp", Impls: dispatch.Levels("AVX512", "rpHighDecodeAVX2", "AVX2", "rpHighDecodeAVX2")},
	{Hook: "rp7EncodeArch", Of: "encodeRp2", Impls: dispatch.Levels("AVX512", "rp7EncodeAVX2", "AVX2", "rp7EncodeAVX2")},
	{Hook: "rp3EncodeArch", Of: "encodeRp2", Impls: dispatch.Levels("AVX512", "rp3EncodeAVX2", "AVX2", "rp3EncodeAVX2")},
	{Hook: "rp7DecodeArch", Of: "decodeRp2", Impls: dispatch.Levels("AVX512", "rp7DecodeAVX2", "AVX2", "rp7DecodeAVX2")},
	{Hook: "rp3DecodeArch", Of: "decodeRp2", Impls: dispatch.Levels("AVX512", "rp3DecodeAVX2", "AVX2", "rp3DecodeAVX2")},
	{Hook: "subMaskArch", Of: "subMask", Impls: dispatch.Levels("AVX512", "subMaskAVX2", "AVX2", "subMaskAVX2")},
	{Hook: "gaussianArch", Of: "sampleGaussian", Impls: dispatch.Levels("AVX512", "gaussianAVX2", "AVX2", "gaussianAVX2")},
	{Hook: "roundArch", Of: "round", Impls: dispatch.Levels("AVX512", "roundAVX2", "AVX2", "roundAVX2")},
	{Hook: "roundMessageArch", Of: "round", Impls: dispatch.Levels("AVX512", "roundMessageAVX2", "AVX2", "roundMessageAVX2")},
	{Hook: "messageBitsArch", Of: "messageBits", Impls: dispatch.Levels("AVX512", "messageBitsAVX2", "AVX2", "messageBitsAVX2")},
	{Hook: "messageDecodeArch", Of: "messageDecode", Impls: dispatch.Levels("AVX512", "messageDecodeAVX2", "AVX2", "messageDecodeAVX2")},
	{Hook: "messageDecodeD2Arch", Of: "messageDecodeD2", Impls: dispatch.Levels("AVX512", "messageDecodeD2AVX2", "AVX2", "messageDecodeD2AVX2")},
}

func main() {
	ConstraintExpr("amd64,!purego")
	decodeRqKernel(10)
	decodeRqKernel(11)
	encodeRqKernel(10)
	encodeRqKernel(11)
	rpBytesKernels()
	for _, k := range cbdKinds {
		cbdKernel(k)
	}
	hwtFirstKernel()
	hwtSignsKernel()
	hwtSparesKernel()
	hwtZerosKernel()
	encodeSecretKernel()
	subMaskKernel()
	packBits5Kernel()
	rpHighKernels()
	rp7EncodeKernel()
	rp3EncodeKernel()
	rp7DecodeKernel()
	rp3DecodeKernel()
	gaussianKernel()
	roundKernel(false)
	roundKernel(true)
	messageBitsKernel()
	messageDecodeKernel()
	messageDecodeD2Kernel()
	Generate()
	dispatch.Write("smaug", "amd64 && !purego", contract)
}

// decodeRqKernel emits decodeRq<logQ>AVX2. Coefficient c is
// hi[c]·2^low plus its low bits from the tail words w (low = logQ − 8):
//
//	log q = 10: c = 128i + 16m + j takes bits 14 − 2m, 15 − 2m of w[16i + j];
//	log q = 11: c = j < 16 takes bit 0 of w[j], w[16 + j], w[32 + j] as its
//	bits 0, 1, 2; c = 80i + 16m + j (1 ≤ m ≤ 5) takes bits 16 − 3m …
//	18 − 3m of w[16i + j].
//
// The tail words are loaded once, eight to a register (W[i][h] holds
// w[16i + 8h … 16i + 8h + 7]).
func decodeRqKernel(logQ int) {
	name := "decodeRq10AVX2"
	if logQ == 11 {
		name = "decodeRq11AVX2"
	}
	low := logQ - 8
	TEXT(name, NOSPLIT, "func(a *[256]int32, b *["+itoa(logQ*n/8)+"]byte)")
	Pragma("noescape")
	Doc(name + " sets a to the polynomial of R_q, log q = " + itoa(logQ) + ", packed in b (the reference's layout; see encodeRq).")
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	var w [3][2]VecVirtual
	for i := range low {
		for h := range 2 {
			w[i][h] = YMM()
			VPMOVZXWD(Mem{Base: b, Disp: n + 2*(16*i+8*h)}, w[i][h])
		}
	}
	mask := vec.Broadcast32(1<<low - 1)
	one := vec.Broadcast32(1)
	for g := range n / 8 {
		c := 8 * g
		h := g % 2
		x, t := YMM(), YMM()
		VPMOVZXBD(Mem{Base: b, Disp: c}, x)
		VPSLLD(U8(low), x, x)
		switch {
		case logQ == 10:
			i, m := c/128, (c%128)/16
			VPSRLD(U8(14-2*m), w[i][h], t)
			VPAND(mask, t, t)
			VPOR(t, x, x)
		case c < 16:
			for i := range 3 {
				VPAND(one, w[i][h], t)
				if i > 0 {
					VPSLLD(U8(i), t, t)
				}
				VPOR(t, x, x)
			}
		default:
			i, m := (c-16)/80, (c-16)%80/16+1
			VPSRLD(U8(16-3*m), w[i][h], t)
			VPAND(mask, t, t)
			VPOR(t, x, x)
		}
		VMOVDQU(x, Mem{Base: a, Disp: 4 * c})
	}
	VZEROUPPER()
	RET()
}

// itoa formats a small non-negative integer.
func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
