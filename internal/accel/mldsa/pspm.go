package mldsa

import "encoding/binary"

// Packed sparse products c·s1 and c·s2 for signing: PSPM, the parallel
// small-polynomial multiplication of the AVX-512 Dilithium work, with
// several coefficients per machine word. c has τ coefficients ±1 and s
// coefficients in [−η, η], so c·s is a sum of τ signed negacyclic rotations
// of s, and so a sum of τ rotations of the biased values η ± s in [0, 2η]:
// with b the sum of the biased rotations, c·s = b − τη.
//
// Each s has a table of 3n bytes, T = (η − s, η + s, η − s). The rotation
// X^p·s, biased, is the window B = T[n−p … 2n−p), since X^n = −1; −X^p·s,
// biased, is 2η − B. A coefficient of c at p adds the window at n − p
// whatever its sign: B itself for +1, and B ⊕ m for −1, with m all ones
// (B ⊕ m = −B − 1 as an integer), so a sign selects an XOR mask, never an
// address. −c·s reads every window n bytes further, in T[n …), where the
// window is the biased −X^p·s.
//
// Windows are added 8 coefficients to a uint64 (SWAR), 64 to a zmm or 32 to
// a ymm register, with 64-bit additions. A group of windows is summed
// without widening: with N of them negative, the words hold Σ±B − N, and
// adding N·(2η·0x0101…01 + 1) gives the sum of the group's biased values,
// each byte in [0, 2η·group]. That sum fits every byte for a group of
// ⌊255/2η⌋ windows (63 for η = 2, 31 for η = 4), so the word is exactly the
// 8 byte sums and no byte has carried into its neighbour; the bytes are
// then widened into 16-bit sums (at most 2τη ≤ 392). For η = 2, τ ≤ 60
// windows fit in one group.
//
// Constant time: every kernel adds τ windows of n bytes, each under an XOR
// mask, widens after the same windows and unpacks n sums whatever the values
// of s and the signs of c, which only flow through XORs, additions and a
// multiplication. The addresses read depend on the positions of c's nonzero
// coefficients only, and the count of windows on τ: that is the information
// SampleInBall's own stores at those positions expose (ball.go), for
// rejected candidates as for the accepted one, and it is allowed because c is
// public for the signature that is output (c̃ is in it) while the c of a
// rejected candidate is discarded and independent of the accepted one — the
// argument that lets SampleInBall run in time variable on c and the
// rejection loop reveal its iteration count (sign.go). A cache observer
// could thus learn c's positions to the cache line, never its signs.
// Published attacks on leaked rejected challenges use the whole of c and
// need more than that: alone they lower security without breaking it
// (Karabulut et al., HOST 2021), and key recovery (Zhou et al., TCHES
// 2025/4) also needs the rejected responses z, which here only flow through
// additions, as s does. The NTT path reads no address that depends on c.

// challenge is c as the offsets of its windows, n − p for a nonzero
// coefficient at p whatever its sign, and their signs as XOR masks, 0 for
// +1 and all ones for −1, in the order of p.
type challenge struct {
	windows [n]uint32
	signs   [n]uint32
	count   int
}

// set decomposes c (coefficients 0, 1 or q − 1) with the level's kernel.
func (ch *challenge) set(c *ringElement) {
	ch.count = challengeWindows(&ch.windows, &ch.signs, c)
}

// challengeWindowsGeneric writes the window offsets and sign masks of c's
// nonzero coefficients to windows and signs and returns their count. Every
// position is written and the count grows only where c is nonzero, so that
// it has no branch on c: a signer decomposes every candidate's c, and
// mispredicted branches would cost as much as the products save.
func challengeWindowsGeneric(windows, signs *[n]uint32, c *ringElement) int {
	count := 0
	for p, x := range c {
		windows[count] = uint32(n - p)
		signs[count] = -(uint32(x) >> 22 & 1) // q − 1 has bit 22 set, 1 has not
		count += int(ctNotEqual(uint32(x), 0))
	}
	return count
}

// packedTable is the table of one polynomial s.
type packedTable [3 * n]byte

// secretWindow is a table's first window, η − s: the form in which a private
// key keeps each polynomial of s1 and s2 (a third of its table), from which
// signing builds the tables (packedTables.load).
type secretWindow [n]byte

// packedTables holds the tables of s1[0], …, s1[L−1], s2[0], …, s2[K−1].
// Signing builds them in its scratch from the key's windows, once per
// signature or batch: a key that kept them would be larger by two thirds of
// them, memory that every key generation writes and the runtime zeroes.
type packedTables struct {
	eta int
	buf [maxL + maxK]packedTable
}

// newPackedTables allocates and builds the tables of s1 and s2, for a
// polynomial outside a key.
func newPackedTables(p *Params, s1, s2 []ringElement) *packedTables {
	t := &packedTables{eta: p.Eta}
	for i := range s1 {
		fillTable(&t.buf[i], &s1[i], p.Eta)
	}
	for i := range s2 {
		fillTable(&t.buf[len(s1)+i], &s2[i], p.Eta)
	}
	return t
}

// load builds the tables of the key's windows (s1's, then s2's), for
// coefficients in [−eta, eta].
func (t *packedTables) load(eta int, windows []secretWindow) {
	t.eta = eta
	for i := range windows {
		tableFromWindow(&t.buf[i], &windows[i], eta)
	}
}

// tableFromWindow writes the table (w, 2η − w, w) of the window w = η − s,
// eight bytes to a word: every byte of w is at most 2η, so the word
// subtraction borrows across no byte. It is constant time.
func tableFromWindow(tab *packedTable, w *secretWindow, eta int) {
	copy(tab[:n], w[:])
	copy(tab[2*n:], w[:])
	top := uint64(2*eta) * ones
	mid := (*[n]byte)(tab[n : 2*n])
	for j := 0; j < n; j += 8 {
		binary.LittleEndian.PutUint64(mid[j:], top-binary.LittleEndian.Uint64(w[j:]))
	}
}

// windowOf writes the window η − s of s (coefficients congruent to values
// in [−η, η]) to w, through scratch, a table the caller clears.
func windowOf(w *secretWindow, s *ringElement, eta int, scratch *packedTable) {
	fillTable(scratch, s, eta)
	copy(w[:], scratch[:n])
}

// secret sets s to the polynomial of window w (the inverse of windowOf),
// for skEncode.
func (w *secretWindow) secret(s *ringElement, eta int) {
	tableSecret(s, (*[n]byte)(w), eta)
}

// fillTableGeneric writes the table (η − s, η + s, η − s) of s, whose
// coefficients are congruent to values in [−η, η]. It is the portable kernel
// behind fillTable, and its specification.
func fillTableGeneric(tab *packedTable, s *ringElement, eta int) {
	e := int32(eta)
	for j, x := range s {
		v := fieldCentered(x)
		tab[j] = byte(e - v)
		tab[n+j] = byte(e + v)
		tab[2*n+j] = byte(e - v)
	}
}

// tableSecretGeneric sets s[j] to η − window[j] mod q, for the first window
// η − s of a table: the portable kernel behind tableSecret, and its
// specification.
func tableSecretGeneric(s *ringElement, window *[n]byte, eta int) {
	for j, b := range window {
		s[j] = fieldFromInt32(int32(eta) - int32(b))
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
	top := 2 * t.eta
	packedMulTo(out, base, (*[2 * n]byte)(tab), ch, 255/top, uint64(top), uint32(ch.count*t.eta))
}

const (
	lowBytes = 0x00ff00ff00ff00ff
	lowWords = 0xffff
	ones     = 0x0101010101010101
)

// packedMulGeneric sets out to base + Σ windows − bias mod q, fully
// reduced: the sum of the n-byte windows B of table at the offsets
// ch.windows[:ch.count] (each in [1, n]), each taken as B for a sign mask 0
// and as top − B for a sign mask of all ones, summed bytewise and widened
// after every group of windows. Every table byte must be at most top, and
// group·top at most 255. It is the portable kernel behind packedMulTo, and
// its specification.
func packedMulGeneric(out, base *ringElement, table *[2 * n]byte, ch *challenge, group int, top uint64, bias uint32) {
	var (
		narrow    [n / 8]uint64 // Σ ±B − negatives for coefficients 8j … 8j + 7
		even, odd [n / 8]uint64 // 16-bit sums of coefficients 8j + 2k and 8j + 2k + 1
		negatives uint64        // −1 windows in the group
		unit      = top*ones + 1
		room      = group
	)
	// Variable time on c's positions and τ only; see the comment at the top.
	for k, off := range ch.windows[:ch.count] {
		mask := uint64(int64(int32(ch.signs[k]))) // 0 or all ones
		addWindow(&narrow, (*[n]byte)(table[off:off+n]), mask)
		negatives -= mask
		if room--; room == 0 || k == ch.count-1 {
			for j, w := range narrow {
				w += negatives * unit // the group's byte sums
				even[j] += w & lowBytes
				odd[j] += w >> 8 & lowBytes
			}
			narrow = [n / 8]uint64{}
			negatives = 0
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

// addWindow adds the words of w, XORed with mask, to acc.
func addWindow(acc *[n / 8]uint64, w *[n]byte, mask uint64) {
	for j := range acc {
		acc[j] += binary.LittleEndian.Uint64(w[8*j:]) ^ mask
	}
}
