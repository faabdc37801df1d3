package main

import (
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// env is what every command reads and writes through, so tests and main
// share one path.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "crystals",
		Short: "Post-quantum keys, certificates, signatures, KEM and TLS from the shell",
		Long: `crystals makes and checks post-quantum keys and certificates: ML-DSA (FIPS 204)
signatures and ML-KEM (FIPS 203) / X-Wing key encapsulation, PKCS#8 in every form OpenSSL
and the standards use, CSRs, a small file-based CA with revocation, certificate inspection
and chain verification, file signatures, HPKE, TLS 1.3 over X25519MLKEM768, and a benchmark.

Algorithms: ` + algorithmNames() + `.
key generate and ca init also take the composite ML-DSA and ML-KEM algorithms of the IETF
LAMPS drafts (see crystals key generate --help), whose keys, CSRs, certificates and CRLs the
other commands handle.

Every failure prints one line on standard error and exits non-zero (1: an operation or a
check failed; 2: the command line is wrong). Existing files are never replaced without
--force; private keys are written with mode 0600.`,
		Example: `  crystals key generate --alg ML-DSA-65 --out key.pem
  crystals ca init --dir ca --name "Example Root CA"
  crystals cert verify leaf.pem --roots ca/ca.crt --dns example.com`,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate("crystals {{.Version}}\n")
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{msg: err.Error()} })
	root.AddCommand(
		newKeyCmd(e), newCSRCmd(e), newCACmd(e), newCRLCmd(e), newCertCmd(e),
		newSignCmd(e), newVerifyCmd(e), newKEMCmd(e), newHPKECmd(e), newTLSCmd(e),
		newBenchCmd(e),
	)
	return root
}

// group returns a command that only holds subcommands; run without one, or
// with an unknown one, it is a usage error naming the choices.
func group(use, short, example string, subs ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var names []string
			for _, s := range cmd.Commands() {
				names = append(names, s.Name())
			}
			if len(args) > 0 {
				return usagef("unknown command %q for %q: choose %s", args[0], cmd.CommandPath(), strings.Join(names, ", "))
			}
			return usagef("%q needs a command: %s", cmd.CommandPath(), strings.Join(names, ", "))
		},
	}
	cmd.AddCommand(subs...)
	// A group runs only to report a missing command, so its usage shows
	// one line, "crystals key [command]", not also its own UseLine.
	// Its commands keep cobra's own template, which they would otherwise
	// inherit from it.
	plain := (&cobra.Command{}).UsageTemplate()
	cmd.SetUsageTemplate(strings.Replace(plain, "Usage:{{if .Runnable}}\n  {{.UseLine}}{{end}}", "Usage:", 1))
	for _, sub := range subs {
		sub.SetUsageTemplate(plain)
	}
	return cmd
}

// exactArgs is cobra.ExactArgs with a message that names what is missing.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s takes %s (got %d arguments; see --help)", cmd.CommandPath(), what, len(args))
		}
		return nil
	}
}

// version is the module version the binary was built from: a release for
// go install ...@version, "(devel)" for a build in a checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version + " (" + runtime.Version() + ")"
	}
	return "(unknown) (" + runtime.Version() + ")"
}
