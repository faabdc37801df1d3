package main

import (
	"bufio"
	"bytes"
	"crypto"
	"crypto/x509"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/crystals-go/crystals/x509ext"
)

// A CA directory holds:
//
//	ca.crt     the CA certificate (PEM)
//	chain.crt  the CAs above it, nearest first, ending with the root (PEM;
//	           absent for a root)
//	ca.key     the CA's private key (PKCS#8 PEM, mode 0600, optionally encrypted)
//	index.txt  one line per issued certificate, tab-separated:
//	           status (V valid, R revoked), notAfter (RFC 3339), revocation
//	           time (RFC 3339, or - ), reason (or -), serial (hex), subject
//	crlnumber  the number of the next CRL (decimal)
const (
	caCertFile  = "ca.crt"
	caChainFile = "chain.crt"
	caKeyFile   = "ca.key"
	caIndexFile = "index.txt"
	caCRLNumber = "crlnumber"
)

// caDirHelp documents the layout in the help of ca and crl.
const caDirHelp = `A CA directory holds ca.crt (the CA certificate), chain.crt (the CAs above it, for an
intermediate), ca.key (its private key, mode 0600), index.txt (one tab-separated line per
issued certificate: status V or R, notAfter, revocation time or -, reason or -, serial in hex,
subject) and crlnumber (the next CRL number).`

// indexEntry is one line of index.txt.
type indexEntry struct {
	revoked   bool
	notAfter  time.Time
	revokedAt time.Time
	reason    string
	serial    string // upper-case hex
	subject   string
}

func (ie indexEntry) line() string {
	status, at, reason := "V", "-", "-"
	if ie.revoked {
		status, at, reason = "R", ie.revokedAt.UTC().Format(time.RFC3339), ie.reason
	}
	return strings.Join([]string{status, ie.notAfter.UTC().Format(time.RFC3339), at, reason, ie.serial, ie.subject}, "\t")
}

func readIndex(dir string) ([]indexEntry, error) {
	path := filepath.Join(dir, caIndexFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, unwrapPath(err))
	}
	var entries []indexEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		if sc.Text() == "" {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		bad := func(what string) error { return fmt.Errorf("%s line %d: %s", path, n, what) }
		if len(f) != 6 || (f[0] != "V" && f[0] != "R") {
			return nil, bad("not STATUS\tNOTAFTER\tREVOKED\tREASON\tSERIAL\tSUBJECT")
		}
		ie := indexEntry{revoked: f[0] == "R", reason: f[3], serial: f[4], subject: f[5]}
		if ie.notAfter, err = time.Parse(time.RFC3339, f[1]); err != nil {
			return nil, bad("bad notAfter time")
		}
		if ie.revoked {
			if ie.revokedAt, err = time.Parse(time.RFC3339, f[2]); err != nil {
				return nil, bad("bad revocation time")
			}
			if _, ok := reasonCodes[ie.reason]; !ok {
				return nil, bad("unknown revocation reason " + ie.reason)
			}
		}
		if _, ok := new(big.Int).SetString(ie.serial, 16); !ok {
			return nil, bad("bad serial number")
		}
		entries = append(entries, ie)
	}
	return entries, nil
}

// writeIndex replaces index.txt through a temporary file and a rename, so a
// crash leaves the old or the new index, never half of one.
func writeIndex(dir string, entries []indexEntry) error {
	var buf bytes.Buffer
	for _, ie := range entries {
		buf.WriteString(ie.line())
		buf.WriteByte('\n')
	}
	return replaceFile(filepath.Join(dir, caIndexFile), buf.Bytes())
}

func replaceFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, unwrapPath(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replacing %s: %w", path, unwrapPath(err))
	}
	return nil
}

// reasonCodes are the CRL reason codes of RFC 5280 Section 5.3.1 that a CA
// may state.
var reasonCodes = map[string]int{
	"unspecified": 0, "keyCompromise": 1, "cACompromise": 2, "affiliationChanged": 3,
	"superseded": 4, "cessationOfOperation": 5, "certificateHold": 6, "privilegeWithdrawn": 9,
}

// loadCADir loads the CA of dir, asking for its key's password if needed.
func (e *env) loadCADir(dir, passwordFile string) (*x509ext.CA, error) {
	certPath := filepath.Join(dir, caCertFile)
	if _, err := os.Stat(certPath); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s is not a CA directory (no %s; create one with crystals ca init)", dir, caCertFile)
	}
	certs, err := e.loadCertificates(certPath)
	if err != nil {
		return nil, err
	}
	var chain []*x509.Certificate
	chainPath := filepath.Join(dir, caChainFile)
	if _, err := os.Stat(chainPath); err == nil {
		if chain, err = e.loadCertificates(chainPath); err != nil {
			return nil, err
		}
	}
	lk, err := e.loadPrivateKey(filepath.Join(dir, caKeyFile), passwordFile)
	if err != nil {
		return nil, err
	}
	key, ok := lk.key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("%s: a %s key cannot sign", filepath.Join(dir, caKeyFile), keyName(lk))
	}
	ca, err := x509ext.LoadCA(certs[0], key, chain...)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", dir, trimLib(err))
	}
	return ca, nil
}

// nextCRLNumber reads crlnumber and stores the one after it.
func nextCRLNumber(dir string) (*big.Int, error) {
	path := filepath.Join(dir, caCRLNumber)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, unwrapPath(err))
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 63)
	if err != nil || n < 1 {
		return nil, fmt.Errorf("%s does not hold a positive number", path)
	}
	if err := replaceFile(path, []byte(strconv.FormatInt(n+1, 10)+"\n")); err != nil {
		return nil, err
	}
	return big.NewInt(n), nil
}
