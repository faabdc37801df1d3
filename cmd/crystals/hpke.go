package main

import (
	"crypto/hpke"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/kem"
)

// hpkeSuite reads the --kdf and --aead flags.
func hpkeSuite(kdfName, aeadName string) (hpke.KDF, hpke.AEAD, error) {
	kdfs := map[string]func() hpke.KDF{"hkdfsha256": hpke.HKDFSHA256, "hkdfsha384": hpke.HKDFSHA384, "hkdfsha512": hpke.HKDFSHA512}
	aeads := map[string]func() hpke.AEAD{"aes128gcm": hpke.AES128GCM, "aes256gcm": hpke.AES256GCM, "chacha20poly1305": hpke.ChaCha20Poly1305}
	k, ok := kdfs[normalName(kdfName)]
	if !ok {
		return nil, nil, usagef("unknown --kdf %q: choose HKDF-SHA256, HKDF-SHA384 or HKDF-SHA512", kdfName)
	}
	a, ok := aeads[normalName(aeadName)]
	if !ok {
		return nil, nil, usagef("unknown --aead %q: choose AES-128-GCM, AES-256-GCM or ChaCha20-Poly1305", aeadName)
	}
	return k(), a(), nil
}

func newHPKECmd(e *env) *cobra.Command {
	return group("hpke", "Encrypt files to KEM keys with HPKE (RFC 9180, crypto/hpke)",
		`  crystals hpke seal --key kem.crt --in secret.txt --out secret.hpke
  crystals hpke open --key kem.pem --in secret.hpke --out secret.txt`,
		newHPKESealCmd(e), newHPKEOpenCmd(e))
}

type hpkeFlags struct{ kdf, aead, info string }

func (f *hpkeFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.kdf, "kdf", "HKDF-SHA256", "`KDF`: HKDF-SHA256, HKDF-SHA384, HKDF-SHA512")
	cmd.Flags().StringVar(&f.aead, "aead", "AES-128-GCM", "`AEAD`: AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305")
	cmd.Flags().StringVar(&f.info, "info", "", "HPKE info `STRING` (both sides must use the same)")
}

const hpkeLong = `HPKE base mode (RFC 9180) through Go's crypto/hpke, with the KEM of the key: ML-KEM-768,
ML-KEM-1024 or X-Wing (MLKEM768-X25519). The sealed file is the encapsulation followed by
the AEAD ciphertext.`

func newHPKESealCmd(e *env) *cobra.Command {
	var keyFile, in, out string
	var force bool
	var hf hpkeFlags
	cmd := &cobra.Command{
		Use:     "seal --key FILE --in FILE --out FILE",
		Short:   "Encrypt a file to a KEM public key or certificate",
		Long:    hpkeLong,
		Example: `  crystals hpke seal --key kem.crt --in secret.txt --out secret.hpke --info "backup 2026"`,
		Args:    exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || in == "" || out == "" {
				return usagef("hpke seal needs --key FILE, --in FILE and --out FILE")
			}
			kdf, aead, err := hpkeSuite(hf.kdf, hf.aead)
			if err != nil {
				return err
			}
			ek, err := e.encapsulationKey(keyFile, "")
			if err != nil {
				return err
			}
			id := ek.Scheme().HPKEKEM()
			if id == 0 {
				return fmt.Errorf("HPKE has no KEM for %s keys", ek.Scheme().Name())
			}
			hk, err := hpke.NewKEM(id)
			if err != nil {
				return fmt.Errorf("HPKE has no KEM for %s keys: %s", ek.Scheme().Name(), trimLib(err))
			}
			pub, err := hk.NewPublicKey(ek.Bytes())
			if err != nil {
				return fmt.Errorf("%s: %s", keyFile, trimLib(err))
			}
			msg, err := e.readInput(in)
			if err != nil {
				return err
			}
			sealed, err := hpke.Seal(pub, kdf, aead, []byte(hf.info), msg)
			if err != nil {
				return fmt.Errorf("sealing: %s", trimLib(err))
			}
			return e.writeOutput(out, sealed, force, false)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "recipient's KEM public key or certificate `FILE`")
	cmd.Flags().StringVar(&in, "in", "", "the `FILE` to encrypt")
	cmd.Flags().StringVar(&out, "out", "", "write the sealed file to `FILE`")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	hf.add(cmd)
	return cmd
}

func newHPKEOpenCmd(e *env) *cobra.Command {
	var keyFile, passwordFile, in, out string
	var force bool
	var hf hpkeFlags
	cmd := &cobra.Command{
		Use:     "open --key FILE --in FILE --out FILE",
		Short:   "Decrypt a file sealed to your KEM key",
		Long:    hpkeLong + "\nThe decapsulation runs in the crystals engine.",
		Example: `  crystals hpke open --key kem.pem --in secret.hpke --out secret.txt --info "backup 2026"`,
		Args:    exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || in == "" || out == "" {
				return usagef("hpke open needs --key FILE, --in FILE and --out FILE")
			}
			kdf, aead, err := hpkeSuite(hf.kdf, hf.aead)
			if err != nil {
				return err
			}
			dk, err := e.decapsulationKey(keyFile, passwordFile)
			if err != nil {
				return err
			}
			var priv hpke.PrivateKey
			switch k := dk.(type) {
			case *kem.XWingDecapsulationKey:
				priv, err = k.HPKEPrivateKey()
			case *kem.DecapsulationKey768, *kem.DecapsulationKey1024:
				priv, err = hpke.NewMLKEMPrivateKey(k)
			default:
				return fmt.Errorf("HPKE has no KEM for %s keys", dk.Scheme().Name())
			}
			if err != nil {
				return fmt.Errorf("%s: %s", keyFile, trimLib(err))
			}
			sealed, err := e.readInput(in)
			if err != nil {
				return err
			}
			msg, err := hpke.Open(priv, kdf, aead, []byte(hf.info), sealed)
			if err != nil {
				return fmt.Errorf("opening %s: %s (wrong key, info or suite, or a corrupted file)", in, trimLib(err))
			}
			return e.writeOutput(out, msg, force, true)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "your KEM private key `FILE`")
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	cmd.Flags().StringVar(&in, "in", "", "the sealed `FILE`")
	cmd.Flags().StringVar(&out, "out", "", "write the plaintext to `FILE` (mode 0600)")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	hf.add(cmd)
	return cmd
}
