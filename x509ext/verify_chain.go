package x509ext

import (
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// checkWholeChain runs the checks that need the complete chain (leaf
// first, root last), as crypto/x509 does once a chain is built:
// certificate policies, extended key usage nesting, name constraints and
// distrusted keys. usages is nil when any extended key usage is acceptable.
func checkWholeChain(chain []*x509.Certificate, usages []x509.ExtKeyUsage) error {
	if err := checkPolicies(chain); err != nil {
		return err
	}
	if usages != nil {
		if err := checkExtKeyUsage(chain, usages); err != nil {
			return err
		}
	}
	if err := checkChainNameConstraints(chain); err != nil {
		return err
	}
	return checkDistrustedKeys(chain)
}

// checkExtKeyUsage applies crypto/x509's nesting rule: going from the root
// down, each certificate that lists extended key usages (and not
// anyExtendedKeyUsage) removes the wanted usages it does not list; the
// chain is acceptable while one wanted usage remains. A certificate without
// the extension allows all.
func checkExtKeyUsage(chain []*x509.Certificate, wanted []x509.ExtKeyUsage) error {
	remaining := slices.Clone(wanted)
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		if len(c.ExtKeyUsage) == 0 && len(c.UnknownExtKeyUsage) == 0 || slices.Contains(c.ExtKeyUsage, x509.ExtKeyUsageAny) {
			continue
		}
		remaining = slices.DeleteFunc(remaining, func(u x509.ExtKeyUsage) bool { return !slices.Contains(c.ExtKeyUsage, u) })
		if len(remaining) == 0 {
			return fmt.Errorf("x509ext: certificate %q does not allow the extended key usage %s (with the usages the certificates above it allow)", c.Subject, describeEKU(wanted))
		}
	}
	return nil
}

func describeEKU(us []x509.ExtKeyUsage) string {
	names := map[x509.ExtKeyUsage]string{x509.ExtKeyUsageServerAuth: "serverAuth", x509.ExtKeyUsageClientAuth: "clientAuth", x509.ExtKeyUsageCodeSigning: "codeSigning", x509.ExtKeyUsageEmailProtection: "emailProtection", x509.ExtKeyUsageAny: "any"}
	var s []string
	for _, u := range us {
		if n, ok := names[u]; ok {
			s = append(s, n)
		} else {
			s = append(s, fmt.Sprintf("ExtKeyUsage(%d)", int(u)))
		}
	}
	return strings.Join(s, "|")
}

// distrustedKeys are the SHA-256 hashes of SubjectPublicKeyInfos that
// crypto/x509 drops from every chain it verifies (its distrustedSPKIHashes
// list); this verifier refuses them too, so it accepts no chain that
// crypto/x509 refuses for that reason.
var distrustedKeys = map[string]bool{
	"ebed6475c2c2d80fcb199f3fe8dd6e6b3ce60b77eb15d4e42c3dec0c6f5b5105": true,
	"49dd353dc2b919a3770645117d0e60c16115e7d1bc259eefe734b00ea434fe5f": true,
	"e0254c7fcdc265e2f0f8a428dabb75ab4ae039b4872d62f5ee57f0877d5a8a41": true,
	"5c0660a2b164910d8ff589c18e14552e9e0ec237dcefe2cb736d41a4811f81a0": true,
	"43bffa19d6ef651451f6841e019931e96f6f2eaeff28ab4b6f1ce4576de2717b": true,
	"63ecefee431d49523bc1136c4e72d0206a477086caf606cd5cf025686c109cf8": true,
	"ec4ffa1ad0ac88081314b7aaffef6a91f97cd57291bb5ba686c5415f5eb4f6b6": true,
	"92c063d67e8f14db71d288e11266ffdaf69cbf115f7bab14f3bc2f68d25e0e30": true,
}

func checkDistrustedKeys(chain []*x509.Certificate) error {
	for _, c := range chain {
		sum := sha256.Sum256(c.RawSubjectPublicKeyInfo)
		if distrustedKeys[hex.EncodeToString(sum[:])] {
			return fmt.Errorf("x509ext: the key of %q is distrusted (crypto/x509's list)", c.Subject)
		}
	}
	return nil
}

// sameCert reports whether a and b are the same certificate (DER).
func sameCert(a, b *x509.Certificate) bool { return bytes.Equal(a.Raw, b.Raw) }
