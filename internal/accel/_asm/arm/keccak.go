package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The Keccak-f[1600] kernels: the 25 lanes of a state in d registers, one
// 64-bit lane each, so every XOR, AND-NOT and rotation is one or two NEON
// instructions (VEOR, VBIC, VSHL + VSRI) where the 32-bit core needs two to
// six. The 24 rounds are unrolled; ρ and π move no data: each rotation
// writes a free register, and the lanes' assignment to registers follows
// the permutation (the register of the lane just consumed is the next
// destination, so one spare register suffices). θ uses six of the seven
// spare registers d25–d31, χ three.
//
// keccakF1600x1NEON permutes one state; keccakF1600x4NEON permutes the four
// lane-interleaved states of the 4-way layout (word w of state s at
// a[4w+s]) one after the other, loading each with a stride of 32 bytes.

func keccakKernels(p *program) {
	var rc []int64
	for _, c := range keccakRoundConstants() {
		rc = append(rc, int64(c&0xffffffff), int64(c>>32))
	}
	sym := p.data("keccakRC", 32, rc)
	keccakPermutation(p, sym, "keccakF1600x1NEON", "a *[25]uint64", 1,
		"is Keccak-f[1600] (FIPS 202, Algorithm 7) on the state a.")
	keccakPermutation(p, sym, "keccakF1600x4NEON", "a *[100]uint64", 4,
		"is Keccak-f[1600] on each of the four lane-interleaved states of a (word w of state s at a[4w+s]).")
}

// keccakRoundConstants derives RC[ir] of FIPS 202 (Algorithms 5 and 6).
func keccakRoundConstants() (rc [24]uint64) {
	r := uint8(1) // the LFSR of rc(t), x^8 + x^6 + x^5 + x^4 + 1
	for ir := range rc {
		for j := range 7 {
			if r&1 == 1 {
				rc[ir] |= 1 << ((1 << j) - 1)
			}
			hi := r & 0x80
			r <<= 1
			if hi != 0 {
				r ^= 0x71
			}
		}
	}
	return
}

// keccakRho is the rotation of each lane x + 5y (FIPS 202, Algorithm 2).
func keccakRho() (rho [25]int) {
	x, y := 1, 0
	for t := range 24 {
		rho[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	return
}

// keccakPiSource is the lane π moves into lane x + 5y: A′[x, y] =
// A[(x + 3y) mod 5, x] (FIPS 202, Algorithm 3).
func keccakPiSource(lane int) int {
	x, y := lane%5, lane/5
	return (x+3*y)%5 + 5*x
}

func keccakPermutation(p *program, rcSym, name, params string, states int, doc string) {
	f := p.function(name, params, 4, doc)
	f.op("MOVW a+0(FP), R0")
	f.op("MOVW $%d, R2", 8*states)
	f.op("MOVW $%d, R3", states)
	f.label("state")
	f.op("MOVW $%s, R1", rcSym)
	var lane [25]D
	for i := range lane {
		lane[i] = D(i)
	}
	spare := &dregs{free: []D{25, 26, 27, 28, 29, 30, 31}}
	f.op("MOVW R0, R4")
	for i := range lane {
		f.I(a32.VLD1(64, lane[i], 1, a32.Step(4, 2)))
	}
	rho := keccakRho()
	for range 24 {
		// θ: C[x] = ⊕_y A[x, y]; D[x] = C[x−1] ⊕ ROT(C[x+1], 1).
		var c [5]D
		for x := range c {
			c[x] = spare.get()
			f.I(a32.VEORD(c[x], lane[x], lane[x+5]))
			for y := 2; y < 5; y++ {
				f.I(a32.VEORD(c[x], c[x], lane[x+5*y]))
			}
		}
		for x := range 5 {
			d := spare.get()
			f.I(a32.VSHL64(d, c[(x+1)%5], 1), a32.VSRI64(d, c[(x+1)%5], 63), a32.VEORD(d, d, c[(x+4)%5]))
			for y := range 5 {
				f.I(a32.VEORD(lane[x+5*y], lane[x+5*y], d))
			}
			spare.put(d)
		}
		for _, r := range c {
			spare.put(r)
		}
		// ρ and π along π's single cycle through lanes 1–24.
		dst, cur, first := spare.get(), 1, lane[1]
		for range 24 {
			src := keccakPiSource(cur)
			from := lane[src]
			if src == 1 {
				from = first
			}
			f.I(a32.VSHL64(dst, from, rho[src]), a32.VSRI64(dst, from, 64-rho[src]))
			lane[cur], dst, cur = dst, from, src
		}
		spare.put(dst)
		// χ: A[x] ⊕= ¬A[x+1] ∧ A[x+2], row by row.
		for y := range 5 {
			b := lane[5*y : 5*y+5]
			t3, t4, t := spare.get(), spare.get(), spare.get()
			f.I(a32.VBICD(t3, b[0], b[4]), a32.VBICD(t4, b[1], b[0]))
			for x := range 3 {
				f.I(a32.VBICD(t, b[x+2], b[x+1]), a32.VEORD(b[x], b[x], t))
			}
			f.I(a32.VEORD(b[3], b[3], t3), a32.VEORD(b[4], b[4], t4))
			spare.put(t3)
			spare.put(t4)
			spare.put(t)
		}
		// ι.
		t := spare.get()
		f.I(a32.VLD1(64, t, 1, a32.Inc(1)), a32.VEORD(lane[0], lane[0], t))
		spare.put(t)
	}
	f.op("MOVW R0, R4")
	for i := range lane {
		f.I(a32.VST1(64, lane[i], 1, a32.Step(4, 2)))
	}
	f.op("ADD $8, R0")
	f.op("SUB.S $1, R3")
	f.op("BNE state")
}

// dregs hands out spare D registers.
type dregs struct{ free []D }

func (r *dregs) get() D {
	d := r.free[0]
	r.free = r.free[1:]
	return d
}

func (r *dregs) put(d D) { r.free = append(r.free, d) }
