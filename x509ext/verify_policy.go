package x509ext

import (
	"bytes"
	"crypto/x509"
	"fmt"
)

// Certificate policy processing as crypto/x509 does it: RFC 5280
// Section 6.1 with the policy graph of RFC 9618 in place of the policy
// tree, for an initial policy set of anyPolicy (Verify takes no policy
// options) with mapping, anyPolicy and implicit policies all allowed at
// the start. The trust anchor's own extensions do not take part.

const anyPolicyKey = "2.5.29.32.0"

// policyNode is a node of the graph: a valid policy at one depth, the
// policies it expects in the next certificate, and its edges.
type policyNode struct {
	policy   string // dotted OID
	expected []string
	parents  map[*policyNode]bool
	children map[*policyNode]bool
}

func newPolicyNode(policy string, parents []*policyNode) *policyNode {
	n := &policyNode{policy: policy, expected: []string{policy}, parents: map[*policyNode]bool{}, children: map[*policyNode]bool{}}
	for _, p := range parents {
		p.children[n] = true
		n.parents[p] = true
	}
	return n
}

// policyGraph holds one level of nodes per certificate processed, level 0
// being the trust anchor's anyPolicy.
type policyGraph struct {
	levels []map[string]*policyNode
	// expecting indexes the previous level by the policies its nodes expect.
	expecting map[string][]*policyNode
}

func newPolicyGraph() *policyGraph {
	return &policyGraph{levels: []map[string]*policyNode{{anyPolicyKey: newPolicyNode(anyPolicyKey, nil)}}}
}

func (g *policyGraph) leaves() map[string]*policyNode { return g.levels[len(g.levels)-1] }
func (g *policyGraph) previous() map[string]*policyNode {
	return g.levels[len(g.levels)-2]
}
func (g *policyGraph) insert(n *policyNode) { g.leaves()[n.policy] = n }

// addLevel starts the level of the next certificate.
func (g *policyGraph) addLevel() {
	g.expecting = map[string][]*policyNode{}
	for _, n := range g.leaves() {
		for _, e := range n.expected {
			g.expecting[e] = append(g.expecting[e], n)
		}
	}
	g.levels = append(g.levels, map[string]*policyNode{})
}

// prune removes, from the inner levels, nodes left without children.
func (g *policyGraph) prune() {
	for i := len(g.levels) - 2; i > 0; i-- {
		for key, n := range g.levels[i] {
			if len(n.children) == 0 {
				for p := range n.parents {
					delete(p.children, n)
				}
				delete(g.levels[i], key)
			}
		}
	}
}

func (g *policyGraph) deleteLeaf(policy string) {
	n := g.leaves()[policy]
	if n == nil {
		return
	}
	for p := range n.parents {
		delete(p.children, n)
	}
	delete(g.leaves(), policy)
}

// hasValidPolicy reports whether the authority-constrained policy set is
// not empty: some node other than anyPolicy hangs from an anyPolicy node
// alone, or the last level holds anyPolicy.
func (g *policyGraph) hasValidPolicy() bool {
	if g.leaves()[anyPolicyKey] != nil {
		return true
	}
	for _, level := range g.levels {
		for _, n := range level {
			if n.policy == anyPolicyKey || len(n.parents) != 1 {
				continue
			}
			for p := range n.parents {
				if p.policy == anyPolicyKey {
					return true
				}
			}
		}
	}
	return false
}

// checkPolicies runs policy processing over chain (leaf first, trust
// anchor last) and returns an error where crypto/x509 finds the chain's
// policies invalid.
func checkPolicies(chain []*x509.Certificate) error {
	if len(chain) == 1 {
		return nil
	}
	n := len(chain) - 1
	g := newPolicyGraph()
	explicit, mapping, inhibitAny := n+1, n+1, n+1
	for i := n - 1; i >= 0; i-- {
		c := chain[i]
		selfIssued := bytes.Equal(c.RawIssuer, c.RawSubject)
		if len(c.Policies) == 0 {
			g = nil
		}
		if explicit == 0 && g == nil {
			return fmt.Errorf("x509ext: certificate policies: an explicit policy is required, and %q asserts none that is valid along the chain", c.Subject)
		}
		if g != nil {
			g.addLevel()
			asserted := map[string]bool{}
			for _, p := range c.Policies {
				key := p.String()
				asserted[key] = true
				if key == anyPolicyKey {
					continue
				}
				parents := g.expecting[key]
				if len(parents) == 0 {
					if a := g.previous()[anyPolicyKey]; a != nil {
						parents = []*policyNode{a}
					}
				}
				if len(parents) > 0 {
					g.insert(newPolicyNode(key, parents))
				}
			}
			if asserted[anyPolicyKey] && (inhibitAny > 0 || (n-i < n && selfIssued)) {
				missing := map[string][]*policyNode{}
				leaves := g.leaves()
				for _, p := range g.previous() {
					for _, e := range p.expected {
						if leaves[e] == nil {
							missing[e] = append(missing[e], p)
						}
					}
				}
				for key, parents := range missing {
					g.insert(newPolicyNode(key, parents))
				}
			}
			g.prune()
			if i != 0 && len(c.PolicyMappings) > 0 {
				mapped := map[string][]string{}
				for _, m := range c.PolicyMappings {
					from, to := m.IssuerDomainPolicy.String(), m.SubjectDomainPolicy.String()
					if mapping == 0 {
						g.deleteLeaf(from)
						continue
					}
					if from == anyPolicyKey || to == anyPolicyKey {
						return fmt.Errorf("x509ext: certificate policies: %q maps a policy to or from anyPolicy, which RFC 5280 Section 4.2.1.5 forbids", c.Subject)
					}
					mapped[from] = append(mapped[from], to)
				}
				g.prune()
				for from, to := range mapped {
					if leaf := g.leaves()[from]; leaf != nil {
						leaf.expected = to
					} else if a := g.leaves()[anyPolicyKey]; a != nil {
						nn := newPolicyNode(from, []*policyNode{a})
						nn.expected = to
						g.insert(nn)
					}
				}
			}
		}
		if i != 0 {
			if !selfIssued {
				explicit, mapping, inhibitAny = max(explicit-1, 0), max(mapping-1, 0), max(inhibitAny-1, 0)
			}
			explicit = lowerSkipCerts(explicit, c.RequireExplicitPolicy, c.RequireExplicitPolicyZero)
			mapping = lowerSkipCerts(mapping, c.InhibitPolicyMapping, c.InhibitPolicyMappingZero)
			inhibitAny = lowerSkipCerts(inhibitAny, c.InhibitAnyPolicy, c.InhibitAnyPolicyZero)
		}
	}
	explicit = max(explicit-1, 0)
	if chain[0].RequireExplicitPolicyZero {
		explicit = 0
	}
	if explicit == 0 && (g == nil || !g.hasValidPolicy()) {
		return fmt.Errorf("x509ext: certificate policies: an explicit policy is required, and no policy is valid along the chain to %q", chain[0].Subject)
	}
	return nil
}

// lowerSkipCerts applies a certificate's SkipCerts value, when present
// (non-zero, or zero with its flag), to a counter.
func lowerSkipCerts(counter, value int, zero bool) int {
	if (value > 0 || zero) && value < counter {
		return value
	}
	return counter
}
