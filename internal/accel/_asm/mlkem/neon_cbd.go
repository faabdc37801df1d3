package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// neonCBDEta2Kernel writes cbdEta2NEON: SamplePolyCBD_2 (FIPS 203,
// Algorithm 8), 32 coefficients from 16 bytes per step. Byte k holds the
// bits of coefficients 2k (low nibble) and 2k+1 (high nibble); the bit-pair
// counts t = (x & 0x55) + (x >> 1 & 0x55) give x − y per nibble as the
// difference of two 2-bit fields; ZIP1/ZIP2 put the even and odd
// coefficients in order, SSHLL widens them and q is added to the negative
// ones.
func neonCBDEta2Kernel(f *a64.File, fn a64.Func) {
	B16, H8 := a64.B16, a64.H8
	f.Text(fn)
	f.Go("MOVD f+0(FP), R0")
	f.Go("MOVD b+8(FP), R1")
	m55, m3 := a64.V(20), a64.V(21)
	f.Go("MOVD $0x55, R3")
	f.I(a64.DUP(B16, m55, a64.X(3)))
	f.Go("MOVD $3, R3")
	f.I(a64.DUP(B16, m3, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(H8, nQ, a64.X(3)))
	f.Go("MOVD $8, R2")
	f.Label("cbd2")
	x, t, u, ev, od, w := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4), a64.V(5)
	f.I(a64.LD1(1, B16, x, a64.X(1), true))
	f.I(a64.USHR(B16, t, x, 1), a64.AND(B16, t, t, m55), a64.AND(B16, x, x, m55), a64.ADD(B16, t, t, x))
	// even = (t & 3) − (t >> 2 & 3); odd = (t >> 4 & 3) − (t >> 6)
	f.I(a64.AND(B16, ev, t, m3), a64.USHR(B16, u, t, 2), a64.AND(B16, u, u, m3), a64.SUB(B16, ev, ev, u))
	f.I(a64.USHR(B16, od, t, 4), a64.AND(B16, od, od, m3), a64.USHR(B16, u, t, 6), a64.SUB(B16, od, od, u))
	f.I(a64.ZIP1(B16, x, ev, od), a64.ZIP2(B16, w, ev, od))
	out := []a64.VReg{a64.V(16), a64.V(17), a64.V(18), a64.V(19)}
	f.I(a64.SSHLL(H8, false, out[0], x, 0), a64.SSHLL(H8, true, out[1], x, 0), a64.SSHLL(H8, false, out[2], w, 0), a64.SSHLL(H8, true, out[3], w, 0))
	for _, o := range out {
		f.I(a64.SSHR(H8, t, o, 15), a64.AND(B16, t, t, nQ), a64.ADD(H8, o, o, t))
	}
	f.I(a64.ST1(4, H8, out[0], a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE cbd2")
	f.Go("RET")
}

// neonCBDEta3Kernel writes cbdEta3NEON: SamplePolyCBD_3 (FIPS 203,
// Algorithm 8), 64 coefficients from 48 bytes per step. LD3 and ZIPs put
// each 3-byte group w in a 32-bit lane; two shift-insert-mask rounds
// spread its four 6-bit units into the lane's four bytes (byte j is
// coefficient j of the group); CNT of the low and high three bits of each
// byte gives x and y, and x − y, widened, gets q added where negative.
func neonCBDEta3Kernel(f *a64.File, fn a64.Func) {
	B16, H8, S4 := a64.B16, a64.H8, a64.S4
	f.Text(fn)
	f.Go("MOVD f+0(FP), R0")
	f.Go("MOVD b+8(FP), R1")
	m12, m6, m7, zero := a64.V(20), a64.V(21), a64.V(22), a64.V(23)
	f.Go("MOVD $0x0fff, R3")
	f.I(a64.DUP(H8, m12, a64.X(3)))
	f.Go("MOVD $0x3f, R3")
	f.I(a64.DUP(B16, m6, a64.X(3)))
	f.Go("MOVD $7, R3")
	f.I(a64.DUP(B16, m7, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(H8, nQ, a64.X(3)))
	f.I(a64.EOR(B16, zero, zero, zero))
	f.Go("MOVD $4, R2")
	f.Label("cbd3")
	b0, b1, b2, p, r := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4)
	w := []a64.VReg{a64.V(5), a64.V(6), a64.V(7), a64.V(8)}
	t, x, y := a64.V(9), a64.V(10), a64.V(11)
	out := []a64.VReg{a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28), a64.V(29), a64.V(30), a64.V(31)}
	f.I(a64.LD3(B16, b0, a64.X(1), true))
	f.I(a64.ZIP1(B16, p, b0, b1), a64.ZIP1(B16, r, b2, zero), a64.ZIP1(H8, w[0], p, r), a64.ZIP2(H8, w[1], p, r))
	f.I(a64.ZIP2(B16, p, b0, b1), a64.ZIP2(B16, r, b2, zero), a64.ZIP1(H8, w[2], p, r), a64.ZIP2(H8, w[3], p, r))
	for i, v := range w {
		// 12-bit halves to 16-bit lanes, then 6-bit units to bytes.
		f.I(a64.USHR(S4, t, v, 12), a64.SLI(S4, v, t, 16), a64.AND(B16, v, v, m12))
		f.I(a64.USHR(H8, t, v, 6), a64.SLI(H8, v, t, 8), a64.AND(B16, v, v, m6))
		f.I(a64.AND(B16, x, v, m7), a64.USHR(B16, y, v, 3), a64.CNT(B16, x, x), a64.CNT(B16, y, y), a64.SUB(B16, x, x, y))
		lo, hi := out[2*i], out[2*i+1]
		f.I(a64.SSHLL(H8, false, lo, x, 0), a64.SSHLL(H8, true, hi, x, 0))
		for _, o := range []a64.VReg{lo, hi} {
			f.I(a64.SSHR(H8, t, o, 15), a64.AND(B16, t, t, nQ), a64.ADD(H8, o, o, t))
		}
	}
	f.I(a64.ST1(4, H8, out[0], a64.X(0), true), a64.ST1(4, H8, out[4], a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE cbd3")
	f.Go("RET")
}
