package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/kem"
)

func newKEMCmd(e *env) *cobra.Command {
	return group("kem", "Encapsulate and decapsulate shared secrets (ML-KEM, X-Wing)",
		`  crystals kem encapsulate --key kem.pub --out ct.bin --secret ss.bin
  crystals kem decapsulate --key kem.pem --in ct.bin --secret ss.bin`,
		newKEMEncapsulateCmd(e), newKEMDecapsulateCmd(e))
}

// encapsulationKey reads a KEM public key from a key or certificate file.
func (e *env) encapsulationKey(path, passwordFile string) (kem.EncapsulationKey, error) {
	pub, err := e.loadPublicKey(path, passwordFile)
	if err != nil {
		return nil, err
	}
	ek, ok := pub.(kem.EncapsulationKey)
	if !ok {
		return nil, fmt.Errorf("%s holds a %T, not an ML-KEM or X-Wing key", path, pub)
	}
	return ek, nil
}

// decapsulationKey reads a KEM private key.
func (e *env) decapsulationKey(path, passwordFile string) (kem.DecapsulationKey, error) {
	lk, err := e.loadPrivateKey(path, passwordFile)
	if err != nil {
		return nil, err
	}
	dk, ok := lk.key.(kem.DecapsulationKey)
	if !ok {
		return nil, fmt.Errorf("%s holds a %s key, not an ML-KEM or X-Wing key", path, keyName(lk))
	}
	return dk, nil
}

func newKEMEncapsulateCmd(e *env) *cobra.Command {
	var keyFile, out, secret string
	var force bool
	cmd := &cobra.Command{
		Use:   "encapsulate --key FILE --out FILE --secret FILE",
		Short: "Make a shared secret and its ciphertext for a KEM public key",
		Long: `Encapsulate to an ML-KEM or X-Wing public key (a PUBLIC KEY file or a KEM certificate):
write the ciphertext to --out and the shared secret to --secret (mode 0600). The output
matches openssl pkeyutl -encap; openssl pkeyutl -decap recovers the same secret.`,
		Example: `  crystals kem encapsulate --key kem.pub --out ct.bin --secret ss.bin
  crystals kem encapsulate --key kem.crt --out ct.bin --secret ss.bin`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || out == "" || secret == "" {
				return usagef("kem encapsulate needs --key FILE, --out FILE and --secret FILE")
			}
			ek, err := e.encapsulationKey(keyFile, "")
			if err != nil {
				return err
			}
			ss, ct := ek.Encapsulate()
			if err := e.writeOutput(out, ct, force, false); err != nil {
				return err
			}
			return e.writeOutput(secret, ss, force, true)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "KEM public key or certificate `FILE`")
	cmd.Flags().StringVar(&out, "out", "", "write the ciphertext to `FILE`")
	cmd.Flags().StringVar(&secret, "secret", "", "write the shared secret to `FILE` (mode 0600)")
	cmd.Flags().BoolVar(&force, "force", false, "replace existing output files")
	return cmd
}

func newKEMDecapsulateCmd(e *env) *cobra.Command {
	var keyFile, passwordFile, in, secret string
	var force bool
	cmd := &cobra.Command{
		Use:   "decapsulate --key FILE --in FILE --secret FILE",
		Short: "Recover the shared secret of a KEM ciphertext",
		Long: `Decapsulate a ciphertext with an ML-KEM or X-Wing private key and write the shared secret
(mode 0600). A ciphertext of the wrong length is an error; a well-formed but wrong ML-KEM
ciphertext yields an unrelated secret (FIPS 203 implicit rejection), not an error.`,
		Example: `  crystals kem decapsulate --key kem.pem --in ct.bin --secret ss.bin`,
		Args:    exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || in == "" || secret == "" {
				return usagef("kem decapsulate needs --key FILE, --in FILE and --secret FILE")
			}
			dk, err := e.decapsulationKey(keyFile, passwordFile)
			if err != nil {
				return err
			}
			ct, err := e.readInput(in)
			if err != nil {
				return err
			}
			ss, err := dk.Decapsulate(ct)
			if err != nil {
				return fmt.Errorf("decapsulating %s: %s", in, trimLib(err))
			}
			return e.writeOutput(secret, ss, force, true)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "KEM private key `FILE`")
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	cmd.Flags().StringVar(&in, "in", "", "the ciphertext `FILE`")
	cmd.Flags().StringVar(&secret, "secret", "", "write the shared secret to `FILE` (mode 0600)")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	return cmd
}
