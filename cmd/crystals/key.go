package main

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/x509ext"
)

func newKeyCmd(e *env) *cobra.Command {
	return group("key", "Generate, inspect and convert private keys",
		`  crystals key generate --alg ML-DSA-65 --out key.pem
  crystals key inspect key.pem
  crystals key convert openssl-key.pem --form seed --out key.pem
  crystals key public key.pem --out key.pub`,
		newKeyGenerateCmd(e), newKeyInspectCmd(e), newKeyConvertCmd(e), newKeyPublicCmd(e))
}

// encryptFlags are the flags of commands that write a private key.
type encryptFlags struct {
	encrypt      bool
	passwordFile string
}

func (f *encryptFlags) add(cmd *cobra.Command, passwordFlag, what string) {
	cmd.Flags().BoolVar(&f.encrypt, "encrypt", false, "encrypt "+what+" (PBES2, AES-256-CBC), asking for the password on the terminal")
	cmd.Flags().StringVar(&f.passwordFile, passwordFlag, "", "encrypt "+what+" with the password in `FILE` (its first line)")
}

func (f *encryptFlags) wanted() bool { return f.encrypt || f.passwordFile != "" }

// marshalPrivateKey returns key as PEM, encrypted under pw when pw is set.
func marshalPrivateKey(key any, pw []byte, opts []x509ext.MarshalOption) ([]byte, error) {
	var out []byte
	var err error
	if pw != nil {
		out, err = x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, key, pw, nil, opts...)
	} else {
		out, err = x509ext.MarshalPrivateKeyPEM(key, opts...)
	}
	if err != nil {
		return nil, fmt.Errorf("encoding the private key: %s", trimLib(err))
	}
	return out, nil
}

func newKeyGenerateCmd(e *env) *cobra.Command {
	var alg, form, out, pubOut string
	var force bool
	var enc encryptFlags
	cmd := &cobra.Command{
		Use:   "generate --alg ALG --out FILE",
		Short: "Generate a new private key",
		Long: `Generate a new private key and write it as PKCS#8 PEM (mode 0600, never over an existing
file without --force).

Algorithms: ` + algorithmNames() + `.
Composite signatures (draft-ietf-lamps-pq-composite-sigs): ` + compositeAlgorithmNames(kindSignature) + `.
Composite KEMs (draft-ietf-lamps-pq-composite-kem): ` + compositeAlgorithmNames(kindKEM) + `.
(an "id-" prefix is accepted; composite keys have one form, the draft's raw key).

Forms (--form) of the PKCS#8 privateKey (RFC 9881, draft-ietf-lamps-kyber-certificates):
  seed      the 32-byte ML-DSA seed or 64-byte ML-KEM seed (default; smallest, what the
            standards recommend)
  both      seed and expanded key, OpenSSL 3.5's default output
  expanded  the FIPS 204 / FIPS 203 expanded key alone (no seed)
X-Wing keys have one form, the raw 32-byte seed.`,
		Example: `  crystals key generate --alg ML-DSA-65 --out key.pem
  crystals key generate --alg ML-KEM-768 --form both --out kem.pem --pub kem.pub
  crystals key generate --alg ML-DSA-87 --out ca.pem --password-file pw.txt
  crystals key generate --alg X-Wing --out xwing.pem --encrypt
  crystals key generate --alg MLDSA65-ECDSA-P256-SHA512 --out composite.pem`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			a, err := lookupKeyAlgorithm(alg)
			if err != nil {
				return err
			}
			f, err := parseForm(form)
			if err != nil {
				return err
			}
			opts, err := a.formFor(f, cmd.Flags().Changed("form"))
			if err != nil {
				return err
			}
			if out == "" {
				return usagef("key generate needs --out FILE")
			}
			var pw []byte
			if enc.wanted() {
				if pw, err = e.password(enc.passwordFile, "the new key", true); err != nil {
					return err
				}
			}
			key, err := a.generate()
			if err != nil {
				return fmt.Errorf("generating a %s key: %w", a.name, err)
			}
			pemKey, err := marshalPrivateKey(key, pw, opts)
			if err != nil {
				return err
			}
			if err := e.writeOutput(out, pemKey, force, true); err != nil {
				return err
			}
			if pubOut != "" {
				if err := e.writePublicKey(key, pubOut, force); err != nil {
					return err
				}
			}
			if out != "-" {
				fmt.Fprintf(e.stderr, "wrote the new %s private key (%s form) to %s\n", a.name, formName(a, f), out)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&alg, "alg", "ML-DSA-65", "key `ALGORITHM`: "+algorithmNames()+", or a composite algorithm listed above")
	cmd.Flags().StringVar(&form, "form", "seed", "PKCS#8 `FORM`: seed, both or expanded")
	cmd.Flags().StringVar(&out, "out", "", "write the private key to `FILE` (\"-\": standard output)")
	cmd.Flags().StringVar(&pubOut, "pub", "", "also write the public key to `FILE`")
	cmd.Flags().BoolVar(&force, "force", false, "replace existing files")
	enc.add(cmd, "password-file", "the key")
	return cmd
}

func formName(a *algorithm, f x509ext.PrivateKeyForm) string {
	if a.seedOnly {
		return strings.TrimPrefix(a.rawFormName(), "the ")
	}
	return map[x509ext.PrivateKeyForm]string{x509ext.FormSeed: "seed", x509ext.FormBoth: "both", x509ext.FormExpanded: "expanded"}[f]
}

// writePublicKey writes the public half of a private key as PUBLIC KEY PEM.
func (e *env) writePublicKey(key any, path string, force bool) error {
	pub, err := publicOf(key)
	if err != nil {
		return err
	}
	data, err := x509ext.MarshalPublicKeyPEM(pub)
	if err != nil {
		return fmt.Errorf("encoding the public key: %s", trimLib(err))
	}
	return e.writeOutput(path, data, force, false)
}

func newKeyInspectCmd(e *env) *cobra.Command {
	var passwordFile string
	cmd := &cobra.Command{
		Use:   "inspect FILE",
		Short: "Show what a private or public key file holds",
		Long: `Show a key file's algorithm, PKCS#8 form, the sizes of its parts and the SHA-256 of its
public key, after checking that its parts agree (a "both" file's seed must expand to its
expanded key; an expanded key must pass the FIPS 204 / FIPS 203 import checks).
Reads PEM or DER, PRIVATE KEY, ENCRYPTED PRIVATE KEY and PUBLIC KEY.`,
		Example: `  crystals key inspect key.pem
  crystals key inspect encrypted.pem --password-file pw.txt
  crystals key inspect key.pub`,
		Args: exactArgs(1, "one key file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := e.readBlock(args[0])
			if err != nil {
				return err
			}
			if b.typ == "PUBLIC KEY" || (b.typ == "" && !looksPrivate(b.der)) {
				pub, err := parsePublic(args[0], b.der)
				if err != nil {
					return err
				}
				return printPublicKey(e.stdout, pub)
			}
			lk, err := e.loadPrivateKey(args[0], passwordFile)
			if err != nil {
				return err
			}
			return printPrivateKey(e.stdout, lk)
		},
	}
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	return cmd
}

// looksPrivate tells a DER PKCS#8 key (plain or encrypted) from an SPKI.
func looksPrivate(der []byte) bool {
	if isEncryptedPKCS8(der) {
		return true
	}
	_, err := x509ext.ParsePKIXPublicKey(der)
	return err != nil
}

func fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return fmt.Sprintf("%x", sum)
}

func printPrivateKey(w io.Writer, lk *loadedKey) error {
	pub, err := publicOf(lk.key)
	if err != nil {
		return err
	}
	enc := "no"
	if lk.encrypted {
		enc = "yes (PBES2)"
	}
	if name, oid, ok := compositeKeyName(lk.key); ok {
		fmt.Fprintf(w, "Private key:  %s (OID %s, composite)\nEncrypted:    %s\n", name, oid, enc)
		fmt.Fprintf(w, "Form:         the draft's raw composite key (%d bytes)\n", len(lk.key.(interface{ Bytes() []byte }).Bytes()))
		fmt.Fprintf(w, "Checks:       both halves parsed and re-encode to the file's bytes\n")
		return printPublicKeyLines(w, pub)
	}
	if lk.info == nil {
		fmt.Fprintf(w, "Private key:  %T (handled by crypto/x509)\nEncrypted:    %s\n", lk.key, enc)
		return nil
	}
	a := lk.info.Algorithm
	fmt.Fprintf(w, "Private key:  %s (OID %s)\n", a, a.OID())
	fmt.Fprintf(w, "Encrypted:    %s\n", enc)
	fmt.Fprintf(w, "Form:         %s\n", lk.info.Form)
	if lk.info.Seed != nil {
		fmt.Fprintf(w, "Seed:         %d bytes\n", len(lk.info.Seed))
	}
	if lk.info.ExpandedKey != nil {
		fmt.Fprintf(w, "Expanded key: %d bytes\n", len(lk.info.ExpandedKey))
	}
	if lk.info.PublicKey != nil {
		fmt.Fprintf(w, "Version:      2 (the file carries the public key, which matches)\n")
	}
	checks := "parts agree"
	switch lk.info.Form {
	case x509ext.FormBoth:
		checks = "the seed expands to the expanded key"
	case x509ext.FormExpanded:
		checks = "the expanded key passes the import checks"
	case x509ext.FormSeed, x509ext.FormRawSeed:
		checks = "the seed expands to a valid key"
	}
	fmt.Fprintf(w, "Checks:       %s\n", checks)
	return printPublicKeyLines(w, pub)
}

func printPublicKey(w io.Writer, pub any) error {
	fmt.Fprintf(w, "Public key file\n")
	return printPublicKeyLines(w, pub)
}

func printPublicKeyLines(w io.Writer, pub any) error {
	if name, _, ok := compositeKeyName(pub); ok {
		raw := pub.(interface{ Bytes() []byte }).Bytes()
		fmt.Fprintf(w, "Algorithm:    %s\nPublic key:   %d bytes\nSHA-256:      %s\n", name, len(raw), fingerprint(raw))
		return nil
	}
	info := publicKeyInfo(pub)
	if info == nil {
		fmt.Fprintf(w, "Public key:   %T (handled by crypto/x509)\n", pub)
		return nil
	}
	fmt.Fprintf(w, "Algorithm:    %s\n", info.Algorithm)
	fmt.Fprintf(w, "Public key:   %d bytes\n", len(info.PublicKey))
	fmt.Fprintf(w, "SHA-256:      %s\n", fingerprint(info.PublicKey))
	return nil
}

func newKeyConvertCmd(e *env) *cobra.Command {
	var form, out, passwordFile string
	var force, decrypt bool
	var enc encryptFlags
	cmd := &cobra.Command{
		Use:   "convert FILE --form FORM --out FILE",
		Short: "Rewrite a private key in another PKCS#8 form, or change its encryption",
		Long: `Rewrite a private key in another PKCS#8 form (seed, both, expanded), for example OpenSSL
3.5's default "both" file as the smaller seed form that the standards recommend. A key
stored only in expanded form has no seed and can only be written as expanded.

An encrypted input stays encrypted under the same password unless --decrypt, --encrypt
or --new-password-file says otherwise.`,
		Example: `  crystals key convert openssl-key.pem --form seed --out key.pem
  crystals key convert key.pem --form both --out for-openssl.pem
  crystals key convert enc.pem --password-file pw.txt --decrypt --out plain.pem`,
		Args: exactArgs(1, "one key file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := parseForm(form)
			if err != nil {
				return err
			}
			if out == "" {
				return usagef("key convert needs --out FILE")
			}
			if decrypt && enc.wanted() {
				return usagef("--decrypt and --encrypt/--new-password-file exclude each other")
			}
			lk, err := e.loadPrivateKey(args[0], passwordFile)
			if err != nil {
				return err
			}
			var opts []x509ext.MarshalOption
			if lk.info != nil {
				a := algorithmOf(lk.info.Algorithm)
				if opts, err = a.formFor(f, cmd.Flags().Changed("form")); err != nil {
					return err
				}
				if lk.info.Form == x509ext.FormExpanded && f != x509ext.FormExpanded {
					return fmt.Errorf("%s has no seed (it holds the expanded key only), so it can only be written in expanded form", args[0])
				}
			}
			var pw []byte
			switch {
			case enc.wanted():
				if pw, err = e.password(enc.passwordFile, "the converted key", true); err != nil {
					return err
				}
			case lk.encrypted && !decrypt:
				if pw, err = e.password(passwordFile, args[0], false); err != nil {
					return err
				}
			}
			data, err := marshalPrivateKey(lk.key, pw, opts)
			if err != nil {
				return err
			}
			return e.writeOutput(out, data, force, true)
		},
	}
	cmd.Flags().StringVar(&form, "form", "seed", "PKCS#8 `FORM` to write: seed, both or expanded")
	cmd.Flags().StringVar(&out, "out", "", "write the key to `FILE`")
	addPasswordFlag(cmd, &passwordFile, "the encrypted input")
	cmd.Flags().BoolVar(&decrypt, "decrypt", false, "write the key unencrypted")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	enc.add(cmd, "new-password-file", "the output")
	return cmd
}

func newKeyPublicCmd(e *env) *cobra.Command {
	var out, passwordFile string
	var force bool
	cmd := &cobra.Command{
		Use:   "public FILE --out FILE",
		Short: "Write the public key of a private key or certificate",
		Long: `Write the public key of a private key (or of a certificate's subject) as a PUBLIC KEY PEM
SubjectPublicKeyInfo, which openssl pkey -pubin reads.`,
		Example: `  crystals key public key.pem --out key.pub
  crystals key public server.crt --out server.pub
  crystals key public key.pem --out -`,
		Args: exactArgs(1, "one key or certificate file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			pub, err := e.loadPublicKey(args[0], passwordFile)
			if err != nil {
				return err
			}
			data, err := x509ext.MarshalPublicKeyPEM(pub)
			if err != nil {
				return fmt.Errorf("encoding the public key: %s", trimLib(err))
			}
			if out == "" {
				out = "-"
			}
			return e.writeOutput(out, data, force, false)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write the public key to `FILE` (default: standard output)")
	addPasswordFlag(cmd, &passwordFile, "an encrypted private key")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	return cmd
}
