// Command step-ca is smallstep's step-ca online certificate authority with
// one addition: the "crystals" KMS, so its root and intermediate keys can be
// ML-DSA keys held by this module's engine. It keeps step-ca's command line
// (step-ca [config] [--password-file=<file>] ...) and adds "step-ca init",
// which creates an ML-DSA-87 root, an ML-DSA-65 intermediate and a ca.json
// that loads the intermediate through the crystals KMS.
//
// Only the software KMS types are linked in (crystals and softkms); the
// cloud and hardware KMS types of the stock binary are left out to keep the
// build small.
//
// Usage:
//
//	go build -o step-ca ./cmd/step-ca           # from the stepca module, Go 1.27
//	echo 'a long password' > password.txt
//	./step-ca init --dir ca --password-file password.txt --address :9000 --dns ca.example.com
//	./step-ca ca/config/ca.json --password-file password.txt
//
// Clients use the usual step-ca API (step CLI or github.com/smallstep/certificates/ca)
// with ca/certs/root_ca.crt as their root and the JWK provisioner "admin",
// whose key is encrypted under the same password.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/smallstep/certificates/authority"
	"github.com/smallstep/certificates/commands"
	"github.com/smallstep/cli-utils/command"
	"github.com/smallstep/cli-utils/step"
	"github.com/smallstep/cli-utils/ui"
	"github.com/urfave/cli"
	"go.step.sm/crypto/pemutil"

	_ "github.com/crystals-go/crystals/stepca" // registers the "crystals" KMS type
	_ "github.com/smallstep/certificates/cas/softcas"
	_ "go.step.sm/crypto/kms/softkms"
)

// version is reported by "step-ca --version"; set it with -ldflags "-X main.version=...".
var version = "crystals"

func init() {
	step.Set("Smallstep CA with crystals ML-DSA", version, "N/A")
	authority.GlobalVersion.Version = version
	pemutil.PromptPassword = func(msg string) ([]byte, error) {
		return ui.PromptPassword(msg)
	}
	command.Register(initCommand())
}

func main() {
	if err := step.Init(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ui.Init()

	app := cli.NewApp()
	app.Name = "step-ca"
	app.HelpName = "step-ca"
	app.Version = step.Version()
	app.Usage = "step-ca with ML-DSA root and intermediate keys held by crystals"
	app.UsageText = "step-ca <config> [--password-file=<file>] ...\n   step-ca init --dir=<dir> [options]"
	app.Flags = append(append(app.Flags, commands.AppCommand.Flags...), cli.HelpFlag)
	app.Writer = os.Stdout
	app.ErrWriter = os.Stderr
	app.Commands = command.Retrieve()
	// Without a subcommand the arguments are the CA's: run it as step-ca's
	// own main does, by handing the whole command line to the start command.
	app.Action = func(*cli.Context) error {
		set := flag.NewFlagSet(app.Name, flag.ContinueOnError)
		if err := set.Parse(os.Args); err != nil {
			return err
		}
		return commands.AppCommand.Run(cli.NewContext(app, set, nil))
	}

	err := app.Run(os.Args)
	ui.Reset()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
