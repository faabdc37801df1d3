package main

import (
	"errors"
	"fmt"
	"strings"
)

// usageError is a mistake in the command line (exit code 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// isUsage reports whether err is a command-line mistake: ours, or one of the
// errors cobra returns for unknown commands and bad arguments.
func isUsage(err error) bool {
	var u *usageError
	if errors.As(err, &u) {
		return true
	}
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "required flag", "invalid argument", "flag needs an argument", "bad flag syntax"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// trimLib removes the package prefixes library errors carry ("x509ext: "),
// which say nothing to a command-line user, and replaces encoding/asn1's
// dumps of its internal state with what they mean.
func trimLib(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "asn1: "); i >= 0 {
		msg = msg[:i] + "malformed DER (the file is corrupted, truncated or of another kind)"
	}
	for _, p := range []string{"x509ext: ", "signer: ", "kem: ", "x509: ", "crypto/hpke: ", "hpke: "} {
		msg = strings.ReplaceAll(msg, p, "")
	}
	return msg
}
