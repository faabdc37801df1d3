package x509ext

import (
	"crypto/x509"
	mrand "math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

// FuzzVerifyDifferential requires Verify to reach crypto/x509's verdict on
// inputs the fuzzer assembles. Signing new certificates in the fuzz
// function would make it slow and its coverage noisy (signing and
// verification loops run a data-dependent number of times, so nearly every
// input would look new), so the certificates come from a universe made
// once, outside it: chains from the seeded generator (chaingen_test.go)
// with ML-DSA-44 and Ed25519 keys. The fuzz input then drives everything
// else: which leaf, which certificates of any chain serve as roots and
// intermediates (chains share names, so foreign certificates become
// candidate issuers whose signatures fail), their order and repeats, a
// broken signature, and the DNSName, KeyUsages and CurrentTime options.
func FuzzVerifyDifferential(f *testing.F) {
	universe := fuzzUniverse(f)
	f.Fuzz(func(t *testing.T, choices []byte) {
		g := assemble(&byteChooser{choices}, universe)
		if _, err := g.compare(); err != nil {
			t.Fatalf("verdicts differ:\n%v", err)
		}
	})
}

var (
	universeOnce sync.Once
	universe     []*genCase
)

// fuzzUniverse returns 64 generated chains.
func fuzzUniverse(t testing.TB) []*genCase {
	universeOnce.Do(func() {
		pool := fastKeys(t)
		r := mrand.New(mrand.NewPCG(16, 2026))
		for len(universe) < 64 {
			if g, err := generate(prngChooser{r}, pool); err == nil {
				universe = append(universe, g)
			}
		}
	})
	return universe
}

// assemble builds a verification problem from the universe's
// certificates as c chooses.
func assemble(c chooser, universe []*genCase) *genCase {
	base := universe[c.intn(len(universe))]
	anyCert := func() *x509.Certificate {
		u := universe[c.intn(len(universe))]
		all := append(append([]*x509.Certificate{u.leaf}, u.inters...), u.roots...)
		return all[c.intn(len(all))]
	}
	g := &genCase{leaf: base.leaf, desc: slices.Clone(base.desc)}
	g.roots = slices.Clone(base.roots)
	for range c.intn(3) {
		g.roots = append(g.roots, anyCert())
	}
	for _, ic := range base.inters {
		if !chance(c, 5) {
			g.inters = append(g.inters, ic)
		}
	}
	for range c.intn(4) {
		g.inters = append(g.inters, anyCert())
	}
	if chance(c, 4) && len(g.inters) > 1 {
		i, j := c.intn(len(g.inters)), c.intn(len(g.inters))
		g.inters[i], g.inters[j] = g.inters[j], g.inters[i]
	}
	if chance(c, 16) && len(g.inters) > 0 {
		i := c.intn(len(g.inters))
		bad := *g.inters[i]
		bad.Signature = slices.Clone(bad.Signature)
		bad.Signature[c.intn(len(bad.Signature))] ^= 1 << c.intn(8)
		g.inters[i] = &bad
	}
	g.opts = base.opts
	switch c.intn(4) {
	case 0:
		g.opts.DNSName = pick(c, genHostNames...)
	case 1:
		if names := g.leaf.DNSNames; len(names) > 0 {
			g.opts.DNSName = names[c.intn(len(names))]
		}
	}
	if chance(c, 2) {
		g.opts.KeyUsages = pick(c, genUsages...)
	}
	if chance(c, 2) {
		g.opts.CurrentTime = genBase.Add(time.Duration(c.intn(64)-32) * 30 * 24 * time.Hour)
	}
	g.opts.Roots, g.opts.Intermediates = g.roots, g.inters
	g.note("assembled: %d roots, %d intermediates, dns %q usages %v time %s", len(g.roots), len(g.inters), g.opts.DNSName, g.opts.KeyUsages, g.opts.CurrentTime.Format(time.DateOnly))
	return g
}
