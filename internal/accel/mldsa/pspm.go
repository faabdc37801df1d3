package mldsa

import "encoding/binary"

// Packed sparse products c·s1 and c·s2 for signing: PSPM, the parallel
// small-polynomial multiplication of the AVX-512 Dilithium work, with
// several coefficients per machine word. c has τ coefficients ±1 and s
// coefficients in [−η, η], so c·s is a sum of τ signed negacyclic rotations
// of s, and so a sum of τ rotations of the biased values η ± s in [0, 2η]:
// with b the sum of the biased rotations, c·s = b − τη.
//
// Each s has a table of 4n bytes, T = (η − s, η + s, η − s, η + s). The
// rotation X^p·s, biased, is the window T[n−p … 2n−p), and −X^p·s, biased,
// the window n bytes further, since X^n = −1: a coefficient of c at p adds
// the window at n − p for +1 and 2n − p for −1, and −c·s reads every window
// n bytes further. Windows are added bytewise, 8 coefficients to a uint64
// (SWAR), 64 to a zmm or 32 to a ymm register; a byte holds the sum of up
// to ⌊255/2η⌋ windows (63 for η = 2, 31 for η = 4) without carrying into
// its neighbour, so the byte sums are widened into 16-bit sums (at most
// 2τη ≤ 392) after every group of that many windows and at the end. For
// η = 2, τ ≤ 60 windows fit in one group.
//
// Constant time: every kernel adds τ windows of n bytes, widens after the
// same windows and unpacks n sums whatever the values of s, which only flow
// through additions. Which windows are read depends on the positions of c's
// nonzero coefficients, so the memory addresses do: that is allowed because
// c is public for the signature that is output (c̃ is in it), and the c of a
// rejected candidate is discarded and independent of the accepted one — the
// same argument that lets SampleInBall run in time variable on c (ball.go)
// and the rejection loop reveal its iteration count (sign.go). What a cache
// observer could learn is c's positions to the cache line and their signs,
// for accepted and rejected candidates alike. Published attacks on leaked
// rejected challenges need more than that: alone they lower security without
// breaking it (Karabulut et al., HOST 2021), and key recovery (Zhou et al.,
// TCHES 2025/4) also needs the rejected responses z, which here only flow
// through additions, as s does. The NTT path reads no address that depends
// on c.

// challenge is c as the offsets of its windows: n − p for a +1 at p, 2n − p
// for a −1.
type challenge struct {
	windows [n]uint32
	count   int
}

// set decomposes c (coefficients 0, 1 or q − 1) with the level's kernel.
func (ch *challenge) set(c *ringElement) { ch.count = challengeWindows(&ch.windows, c) }

// challengeWindowsGeneric writes the window offsets of c's nonzero
// coefficients to windows and returns their count. Every position is
// written and the count grows only where c is nonzero, so that it has no
// branch on c: a signer decomposes every candidate's c, and mispredicted
// branches would cost as much as the products save.
func challengeWindowsGeneric(windows *[n]uint32, c *ringElement) int {
	count := 0
	for p, x := range c {
		minus := uint32(x) >> 22 & 1 // q − 1 has bit 22 set, 1 has not
		windows[count] = uint32(n-p) + n*minus
		count += int(ctNotEqual(uint32(x), 0))
	}
	return count
}

// packedTables holds the tables of s1[0], …, s1[L−1], s2[0], …, s2[K−1].
type packedTables struct {
	eta int
	buf [][4 * n]byte
}

// newPackedTables builds the tables of s1 and s2 (coefficients in
// [−η, η]); it runs once per key.
func newPackedTables(p *Params, s1, s2 []ringElement) packedTables {
	t := packedTables{eta: p.Eta, buf: make([][4 * n]byte, len(s1)+len(s2))}
	for i := range s1 {
		t.fill(i, &s1[i])
	}
	for i := range s2 {
		t.fill(len(s1)+i, &s2[i])
	}
	return t
}

// fill writes the table of s as table i.
func (t *packedTables) fill(i int, s *ringElement) {
	tab := &t.buf[i]
	eta := int32(t.eta)
	for j, x := range s {
		v := fieldCentered(x)
		tab[j] = byte(eta - v)
		tab[n+j] = byte(eta + v)
		tab[2*n+j] = byte(eta - v)
		tab[3*n+j] = byte(eta + v)
	}
}

// mul sets out to base + c·s mod q, or base − c·s with negate, fully
// reduced, for s the polynomial of table i: s1[i] for i < L, s2[i − L]
// after.
func (t *packedTables) mul(out, base *ringElement, i int, ch *challenge, negate bool) {
	tab := t.buf[i][:]
	if negate { // a public flag of the caller
		tab = tab[n:]
	}
	group := 255 / (2 * t.eta)
	bias := uint32(ch.count * t.eta)
	packedMulTo(out, base, (*[3 * n]byte)(tab[:3*n]), &ch.windows, ch.count, group, bias)
}

const (
	lowBytes = 0x00ff00ff00ff00ff
	lowWords = 0xffff
)

// packedMulGeneric sets out to base + Σ windows − bias mod q, fully
// reduced: the sum of the n-byte windows of table at the offsets
// windows[:count] (each in [1, 2n]), widened after every group of windows.
// It is the portable kernel behind packedMulTo, and its specification.
func packedMulGeneric(out, base *ringElement, table *[3 * n]byte, windows *[n]uint32, count, group int, bias uint32) {
	var (
		narrow    [n / 8]uint64 // byte sums of coefficients 8j … 8j + 7
		even, odd [n / 8]uint64 // 16-bit sums of coefficients 8j + 2k and 8j + 2k + 1
		room      = group
	)
	// Variable time on c only; see the comment at the top.
	for k, off := range windows[:count] {
		addWindow(&narrow, (*[n]byte)(table[off:off+n]))
		if room--; room == 0 || k == count-1 {
			for j, w := range narrow {
				even[j] += w & lowBytes
				odd[j] += w >> 8 & lowBytes
			}
			narrow = [n / 8]uint64{}
			room = group
		}
	}
	for j := range even {
		for k := range 4 {
			for h, sums := range [2]uint64{even[j], odd[j]} {
				i := 8*j + 2*k + h
				v := uint32(sums>>(16*k)&lowWords) - bias // c·s, in [−τη, τη]
				x := int32(uint32(base[i])+v) - q         // in (−q − τη, τη)
				x += x >> 31 & q                          // in (−τη, q)
				x += x >> 31 & q
				out[i] = fieldElement(x)
			}
		}
	}
}

// addWindow adds the bytes of w to the byte sums in acc.
func addWindow(acc *[n / 8]uint64, w *[n]byte) {
	for j := range acc {
		acc[j] += binary.LittleEndian.Uint64(w[8*j:])
	}
}
