package main

import (
	"slices"
	"strings"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// The arm64 kernels (-goarch arm64): Keccak-f[1600] on two states per
// 128-bit register, 25 registers holding the lanes and seven temporaries;
// the single-state kernels run the same code on one state in the low
// halves.
// The four lane-interleaved states of permuteX4 are two such pairs
// (states 0, 1 and 2, 3 of lane i are adjacent), permuted one after the
// other. With the SHA3 extension θ uses EOR3 and RAX1, ρ and θ's xor are one
// XAR, χ is BCAX; without it, the same rounds from EOR, BIC, SHL and SRI.
// π is a renaming of registers; χ writes each row into free registers, so
// the generator tracks which register holds which lane.

const neonBuild = "arm64 && !purego"

var neonFuncs = []a64.Func{
	{Name: "keccakF1600x4NEONSHA3", Params: "a *[100]uint64", Args: 8,
		Doc: "keccakF1600x4NEONSHA3 applies Keccak-f[1600] to the four lane-interleaved states a, with the SHA3 extension."},
	{Name: "keccakF1600x4NEON", Params: "a *[100]uint64", Args: 8,
		Doc: "keccakF1600x4NEON applies Keccak-f[1600] to the four lane-interleaved states a."},
	{Name: "keccakF1600x1NEONSHA3", Params: "a *[25]uint64", Args: 8,
		Doc: "keccakF1600x1NEONSHA3 applies Keccak-f[1600] to the state a, in the low halves of the 2-way kernel's registers, with the SHA3 extension."},
	{Name: "keccakF1600x1NEON", Params: "a *[25]uint64", Args: 8,
		Doc: "keccakF1600x1NEON applies Keccak-f[1600] to the state a, in the low halves of the 2-way kernel's registers."},
}

var neonContract = []dispatch.Kernel{
	{Hook: "permuteX1Arch", Impls: dispatch.On("arm64", "NEONSHA3", "keccakF1600x1NEONSHA3", "NEON", "keccakF1600x1NEON")},
	{Hook: "permuteX4Arch", Impls: dispatch.On("arm64", "NEONSHA3", "keccakF1600x4NEONSHA3", "NEON", "keccakF1600x4NEON")},
}

func fullContract() []dispatch.Kernel {
	return dispatch.Extend(dispatch.Extend(contract, append(neonContract, neonWordsContract...)), armKernels)
}

func neonMain() {
	f := a64.Start("keccak", neonBuild)
	neonKeccak(f, neonFuncs[0], true, 4)
	neonKeccak(f, neonFuncs[1], false, 4)
	neonKeccak(f, neonFuncs[2], true, 1)
	neonKeccak(f, neonFuncs[3], false, 1)
	neonXorWordsKernel(f, neonWordsFuncs[0])
	neonStoreWordsKernel(f, neonWordsFuncs[1])
	var rc []uint64
	for _, c := range roundConstants() {
		rc = append(rc, c, c)
	}
	f.Data64("keccakNEONRoundConstants", rc)
	f.Finish(append(neonFuncs, neonWordsFuncs...))
	dispatch.Write("keccak", neonBuild, fullContract())
}

// neonState is the register of every lane and the free registers.
type neonState struct {
	f    *a64.File
	sha3 bool
	lane [25]a64.VReg
	free []a64.VReg
}

func (s *neonState) take() a64.VReg {
	r := s.free[0]
	s.free = s.free[1:]
	return r
}

func (s *neonState) give(r ...a64.VReg) { s.free = append(s.free, r...) }

// rol sets d = x rotated left by r (0 < r < 64), d ≠ x, without SHA3.
func (s *neonState) rol(d, x a64.VReg, r int) {
	s.f.I(a64.SHL(a64.D2, d, x, r), a64.SRI(a64.D2, d, x, 64-r))
}

// round writes one round, ι's constant read from R1 (advanced).
func (s *neonState) round() {
	f, B16 := s.f, a64.B16
	L := &s.lane
	// θ: C[x] = ⊕_y A[x, y], D[x] = C[x−1] ^ rot(C[x+1], 1).
	var c [5]a64.VReg
	for x := range 5 {
		c[x] = s.take()
		if s.sha3 {
			f.I(a64.EOR3(c[x], L[x], L[x+5], L[x+10]), a64.EOR3(c[x], c[x], L[x+15], L[x+20]))
		} else {
			f.I(a64.EOR(B16, c[x], L[x], L[x+5]), a64.EOR(B16, c[x], c[x], L[x+10]), a64.EOR(B16, c[x], c[x], L[x+15]), a64.EOR(B16, c[x], c[x], L[x+20]))
		}
	}
	var d [5]a64.VReg
	if s.sha3 {
		// Each D overwrites a C no later D needs.
		d[1] = s.take()
		f.I(a64.RAX1(d[1], c[0], c[2]))
		d[3] = s.take()
		f.I(a64.RAX1(d[3], c[2], c[4]))
		d[4] = c[2]
		f.I(a64.RAX1(d[4], c[3], c[0]))
		d[0] = c[4]
		f.I(a64.RAX1(d[0], c[4], c[1]))
		d[2] = c[0]
		f.I(a64.RAX1(d[2], c[1], c[3]))
		s.give(c[1], c[3])
	} else {
		// rot(C[0]) is kept for D[4]; each other D overwrites its C
		// once no later D needs it.
		t5, t6 := s.take(), s.take()
		s.rol(t5, c[0], 1)
		s.rol(t6, c[2], 1)
		f.I(a64.EOR(B16, c[0], c[0], t6)) // D[1]
		s.rol(t6, c[4], 1)
		f.I(a64.EOR(B16, c[2], c[2], t6)) // D[3]
		s.rol(t6, c[1], 1)
		f.I(a64.EOR(B16, c[4], c[4], t6)) // D[0]
		s.rol(t6, c[3], 1)
		f.I(a64.EOR(B16, c[1], c[1], t6)) // D[2]
		f.I(a64.EOR(B16, c[3], c[3], t5)) // D[4]
		d = [5]a64.VReg{c[4], c[0], c[1], c[2], c[3]}
		s.give(t5, t6)
	}
	// ρ with θ's xor, then π as a renaming.
	rho, dest := rhoOffsets(), piDestination()
	var moved [25]a64.VReg
	for i := range 25 {
		switch {
		case rho[i] == 0:
			f.I(a64.EOR(B16, L[i], L[i], d[i%5]))
		case s.sha3:
			f.I(a64.XAR(L[i], L[i], d[i%5], 64-rho[i]))
		default:
			f.I(a64.EOR(B16, L[i], L[i], d[i%5]))
			o := s.take()
			s.rol(o, L[i], rho[i])
			s.give(L[i])
			L[i] = o
		}
		moved[dest[i]] = L[i]
	}
	*L = moved
	s.give(d[:]...)
	s.chi()
	s.iota()
}

// chi writes each row of χ into free registers and frees the old ones.
func (s *neonState) chi() {
	f := s.f
	for y := range 5 {
		b := slices.Clone(s.lane[5*y : 5*y+5])
		for x := range 5 {
			o := s.take()
			if s.sha3 {
				f.I(a64.BCAX(o, b[x], b[(x+2)%5], b[(x+1)%5]))
			} else {
				f.I(a64.BIC(a64.B16, o, b[(x+2)%5], b[(x+1)%5]), a64.EOR(a64.B16, o, o, b[x]))
			}
			s.lane[5*y+x] = o
		}
		s.give(b...)
	}
}

// iota xors the round constant, read from R1, into lane 0.
func (s *neonState) iota() {
	t := s.take()
	s.f.I(a64.LD1(1, a64.D2, t, a64.X(1), true), a64.EOR(a64.B16, s.lane[0], s.lane[0], t))
	s.give(t)
}

// neonKeccak writes the permutation of states (4 or 1) states. With four,
// lane-interleaved, states 0, 1 of lane i are at a + 32i and states 2, 3 at
// a + 32i + 16, permuted as two pairs; one state's lane i, at a + 8i, is
// loaded into the low half of a register (the high half is zero and
// permuted along unused).
func neonKeccak(f *a64.File, fn a64.Func, sha3 bool, states int) {
	f.Text(fn)
	f.Go("MOVD a+0(FP), R0")
	f.Go("MOVD $%d, R2", max(states/2, 1))
	label := strings.TrimPrefix(fn.Name, "keccakF1600")
	f.Label("pair" + label)
	f.Go("MOVD $keccakNEONRoundConstants<>(SB), R1")
	s := &neonState{f: f, sha3: sha3}
	for i := range 25 {
		s.lane[i] = a64.V(i)
		if states == 1 {
			f.I(a64.LDRD(s.lane[i], a64.X(0), 8*i))
		} else {
			f.I(a64.LDRQ(s.lane[i], a64.X(0), 32*i))
		}
	}
	for i := 25; i < 32; i++ {
		s.give(a64.V(i))
	}
	for r := range 24 {
		f.Comment("round %d", r)
		s.round()
	}
	for i := range 25 {
		if states == 1 {
			f.I(a64.STRD(s.lane[i], a64.X(0), 8*i))
		} else {
			f.I(a64.STRQ(s.lane[i], a64.X(0), 32*i))
		}
	}
	f.Go("ADD $16, R0")
	f.Go("SUBS $1, R2")
	f.Go("BNE pair" + label)
	f.Go("RET")
}
