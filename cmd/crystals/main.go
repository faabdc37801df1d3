// Command crystals makes and checks post-quantum keys, certificates and
// signatures from the shell: ML-DSA, ML-KEM and X-Wing keys in every PKCS#8
// form, CSRs, a file-based CA with revocation and CRLs, certificate inspection
// and chain verification, file signatures, KEM and HPKE, a TLS 1.3 client and
// server over X25519MLKEM768, and a benchmark against the standard library and
// circl.
//
// Install it with
//
//	go install github.com/crystals-go/crystals/cmd/crystals@latest
//
// and run `crystals --help`. Commands are nouns then verbs (`crystals key
// generate`, `crystals ca issue`), every command has --help with examples, and
// every failure is one line on standard error with a non-zero exit code: 1 when
// an operation or a check failed, 2 when the command line was wrong.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // an operation or a check failed
	exitUsage   = 2 // the command line was wrong
)

// run executes the command line args and returns the exit code. Whatever goes
// wrong, including a panic, ends as one line on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return execute(newRootCmd(&env{stdin: stdin, stdout: stdout, stderr: stderr}), args, stderr)
}

// execute runs root with args and turns its outcome into an exit code and
// at most one line on stderr; a panic in a command is that line too.
func execute(root *cobra.Command, args []string, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "crystals: internal error: %s\n", oneLine(fmt.Sprint(r)))
			code = exitFailure
		}
	}()
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "crystals: %s\n", oneLine(err.Error()))
	if isUsage(err) {
		return exitUsage
	}
	return exitFailure
}

// oneLine folds a multi-line message into one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}
