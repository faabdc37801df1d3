package main

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The instruction counts of the large products' kernels, per call, at
// AVX2 and AVX-512, from the generated assembly: the kernels' loops have
// trip counts fixed by the public lengths, so the instructions a call
// executes follow from its basic blocks (split at labels and after
// jumps) and the parameters polymul's large_amd64.go passes. These are
// the counts in docs/PERFORMANCE.md ("NCC-Sign at AVX-512"); no AVX-512
// hardware was at hand to time them.

// blocks maps each kernel to the instruction counts of its basic blocks,
// in order.
func blocks(t *testing.T) map[string][]int {
	f, err := os.Open("../../polymul/large_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text := regexp.MustCompile(`^TEXT ·(\w+)\(SB\)`)
	label := regexp.MustCompile(`^\w+:$`)
	out := map[string][]int{}
	cur := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := text.FindStringSubmatch(line); m != nil {
			cur = m[1]
			out[cur] = []int{0}
			continue
		}
		s := strings.TrimSpace(line)
		if cur == "" || s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		if label.MatchString(s) {
			out[cur] = append(out[cur], 0)
			continue
		}
		if !strings.HasPrefix(line, "\t") {
			continue
		}
		op := strings.Fields(s)[0]
		if op == "DATA" || op == "GLOBL" {
			continue
		}
		out[cur][len(out[cur])-1]++
		if strings.HasPrefix(op, "J") {
			out[cur] = append(out[cur], 0)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// counter computes the instructions of kernel calls from the blocks.
type counter struct {
	t   *testing.T
	seg map[string][]int
}

func (c counter) get(name string, n int) []int {
	s, ok := c.seg[name]
	if !ok || len(s) != n {
		c.t.Fatalf("%s: %d basic blocks, want %d (has the kernel's shape changed?)", name, len(s), n)
	}
	return s
}

// loop is a one-loop kernel run iters times.
func (c counter) loop(name string, iters int) int {
	s := c.get(name, 3)
	return s[0] + iters*s[1] + s[2]
}

// layers is layersKernel over the layers of the given halves (bytes).
func (c counter) layers(name string, halves []int, regBytes int) int {
	s := c.get(name, 7)
	l, b, i := len(halves), 0, 0
	for _, h := range halves {
		b += 16384 / (2 * h)
		i += 16384 / (2 * h) * (h / regBytes)
	}
	return s[0] + l*s[1] + b*s[2] + i*s[3] + b*s[4] + l*s[5] + s[6]
}

// pairs is pairKernel with the parameters of its call.
func (c counter) pairs(name string, ct bool, m0, half, end, regBytes int) int {
	s := c.get(name, 7)
	p, b, i := 0, 0, 0
	for mb, h := m0, half; ; {
		q, blocks := h, mb/2
		if ct {
			q, blocks = h/2, mb
		}
		p++
		b += blocks
		i += blocks * (q / regBytes)
		if ct {
			mb, h = mb*4, h/4
			if h < end {
				break
			}
		} else {
			mb, h = mb/4, h*4
			if h >= end {
				break
			}
		}
	}
	return s[0] + p*s[1] + b*s[2] + i*s[3] + b*s[4] + p*s[5] + s[6]
}

// split is splitLoop's kernel with k of total coefficients in the body.
func (c counter) split(name string, k, total, lanes int) int {
	s := c.get(name, 9)
	return s[0] + k/lanes*s[2] + s[4] + (total-k)/lanes*s[6] + s[8]
}

func roundUp16(k int) int { return (k + 15) &^ 15 }

// products counts the kernel instructions of one set's products (ring
// length n) at width w, as large_amd64.go calls them.
func (c counter) products(w *width, n int) (transform, mulSmall, mulPoly int) {
	l, wn := w.lanes, w.name
	span := (2*n + 7) &^ 7
	fromSigned := c.loop("largeFromSigned"+wn, (n-n%l)/l)
	fold := c.loop("largeFold"+wn, (n-1-(n-1)%l)/l)
	residues := func(kernel string) int { // span coefficients, a last eight at AVX2
		if !w.is512() {
			return c.loop(kernel+"AVX2", span/8)
		}
		r := c.loop(kernel+"AVX512", span/16)
		if span%16 != 0 {
			r += c.loop(kernel+"AVX2", 1)
		}
		return r
	}
	var forward, product int
	if n <= 1536 { // the length-3072 transform
		k := (max(n-1024, 0) + 7) &^ 7
		if w.is512() {
			k = roundUp16(k)
		}
		forward = c.split("large3Radix3"+wn, k, 1024, l) +
			c.pairs("largePairsCT"+wn, true, 3, 2048, 128, 4*l) +
			c.loop("largeTail4CT"+wn, 3072/(2*l))
		product = c.loop("largeTail4MulGS"+wn, 3072/(2*l)) +
			c.pairs("largePairsGS"+wn, false, 96, 64, 4096, 4*l) +
			c.loop("large3InvRadix3"+wn, 1024/l)
	} else {
		k := max(span-2048, 0)
		if w.is512() {
			forward = c.pairs("largePairsCTAVX512", true, 2, 4096, 256, 64) +
				c.loop("largeTail5CTAVX512", 4096/32)
			product = c.loop("largeTail5MulGSAVX512", 4096/32) +
				c.pairs("largePairsGSAVX512", false, 64, 128, 8192, 64) +
				c.split("largeLastGSAVX512", roundUp16(k), 2048, 16)
		} else {
			forward = c.pairs("largePairsCTAVX2", true, 2, 4096, 64, 32) +
				c.loop("largeTailCTAVX2", 4096/16)
			product = c.loop("largeTailMulGSAVX2", 4096/16) +
				c.pairs("largePairsGSAVX2", false, 256, 32, 8192, 32) +
				c.split("largeLastGSAVX2", k, 2048, 8)
		}
	}
	transform = fromSigned + forward
	mulSmall = product + residues("largeSmallMod") + fold
	mulPoly = 2*(transform+product) + residues("largeCRTMod") + fold
	return
}

// TestInstructionCounts logs the counts of each set's products at both
// widths and fails unless AVX-512 executes fewer instructions than AVX2
// for each.
func TestInstructionCounts(t *testing.T) {
	c := counter{t, blocks(t)}
	for _, n := range []int{1201, 1607, 2039} {
		t2, s2, p2 := c.products(avx2, n)
		t5, s5, p5 := c.products(avx512, n)
		t.Logf("p = %d: transform %d / %d, MulSmall %d / %d, MulPoly %d / %d instructions (AVX2 / AVX-512: %.2f×, %.2f×, %.2f×)",
			n, t2, t5, s2, s5, p2, p5, float64(t2)/float64(t5), float64(s2)/float64(s5), float64(p2)/float64(p5))
		if t5 >= t2 || s5 >= s2 || p5 >= p2 {
			t.Errorf("p = %d: the AVX-512 products execute no fewer instructions than the AVX2 ones", n)
		}
	}
	// The general length-4096 transforms, beside the products' ones.
	fw2 := c.layers("largeLayersCTAVX2", []int{8192, 4096, 2048, 1024, 512, 256, 128, 64, 32}, 32) + c.loop("largeTailCTAVX2", 256)
	fw5 := c.layers("largeLayersCTAVX512", []int{8192, 4096, 2048, 1024, 512, 256, 128}, 64) + c.loop("largeTail5CTAVX512", 128)
	t.Logf("forward transform of length 4096: %d / %d instructions (%.2f×)", fw2, fw5, float64(fw2)/float64(fw5))
}
