package main

import (
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/sha3"
	"fmt"
	"sort"
	"strings"

	_ "crypto/sha256" // the hashes HashML-DSA may use
	_ "crypto/sha512"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/signer"
)

// hashes are the HashML-DSA pre-hashes FIPS 204 allows, by --hash name.
var hashes = map[string]crypto.Hash{
	"SHA-224": crypto.SHA224, "SHA-256": crypto.SHA256, "SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
	"SHA-512/224": crypto.SHA512_224, "SHA-512/256": crypto.SHA512_256,
	"SHA3-224": crypto.SHA3_224, "SHA3-256": crypto.SHA3_256, "SHA3-384": crypto.SHA3_384, "SHA3-512": crypto.SHA3_512,
	"SHAKE128": signer.SHAKE128, "SHAKE256": signer.SHAKE256,
}

func hashNames() string {
	var names []string
	for n := range hashes {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// signFlags select the FIPS 204 variant for sign and verify.
type signFlags struct {
	context string
	hash    string
	mu      bool
}

func (f *signFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.context, "context", "", "FIPS 204 context `STRING` (at most 255 bytes)")
	cmd.Flags().StringVar(&f.hash, "hash", "", "HashML-DSA with pre-hash `HASH`: "+hashNames())
	cmd.Flags().BoolVar(&f.mu, "mu", false, "the input is a 64-byte external μ (FIPS 204 ExternalMu-ML-DSA)")
}

// prepare returns the bytes to hand to Sign/Verify for msg, and the options.
func (f *signFlags) prepare(msg []byte) ([]byte, *signer.Options, error) {
	opts := &signer.Options{Context: f.context}
	if len(f.context) > 255 {
		return nil, nil, usagef("--context is %d bytes; FIPS 204 allows at most 255", len(f.context))
	}
	switch {
	case f.mu && f.hash != "":
		return nil, nil, usagef("--mu and --hash exclude each other")
	case f.mu:
		if f.context != "" {
			return nil, nil, usagef("--context does not apply to --mu: μ already includes it")
		}
		if len(msg) != signer.MuSize {
			return nil, nil, fmt.Errorf("--mu input must be %d bytes, it is %d", signer.MuSize, len(msg))
		}
		opts.Hash = crypto.MLDSAMu
		return msg, opts, nil
	case f.hash != "":
		var h crypto.Hash
		for name, v := range hashes {
			if normalName(name) == normalName(f.hash) {
				h = v
			}
		}
		if h == 0 {
			return nil, nil, usagef("unknown --hash %q: choose %s", f.hash, hashNames())
		}
		opts.Hash = h
		switch h {
		case signer.SHAKE128:
			return sha3.SumSHAKE128(msg, 32), opts, nil
		case signer.SHAKE256:
			return sha3.SumSHAKE256(msg, 64), opts, nil
		}
		d := h.New()
		d.Write(msg)
		return d.Sum(nil), opts, nil
	}
	return msg, opts, nil
}

func newSignCmd(e *env) *cobra.Command {
	var keyFile, passwordFile, in, out string
	var deterministic, force bool
	var sf signFlags
	cmd := &cobra.Command{
		Use:   "sign --key FILE --in FILE --out FILE",
		Short: "Sign a file with an ML-DSA key",
		Long: `Sign a file with an ML-DSA private key and write the raw signature (what
openssl pkeyutl -sign writes; openssl pkeyutl -verify -rawin checks it).
Pure ML-DSA by default, with an optional context; --hash selects HashML-DSA (the file is
hashed first); --mu signs a 64-byte external μ. Signatures are hedged unless
--deterministic.`,
		Example: `  crystals sign --key key.pem --in release.tar --out release.sig
  crystals sign --key key.pem --in release.tar --context "release v1" --out release.sig
  crystals sign --key key.pem --in big.iso --hash SHA-512 --out big.sig
  crystals sign --key key.pem --in mu.bin --mu --out mu.sig`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || in == "" || out == "" {
				return usagef("sign needs --key FILE, --in FILE and --out FILE")
			}
			lk, err := e.loadPrivateKey(keyFile, passwordFile)
			if err != nil {
				return err
			}
			key, ok := lk.key.(*signer.PrivateKey)
			if !ok {
				return fmt.Errorf("%s holds a %s key; sign needs an ML-DSA key", keyFile, keyName(lk))
			}
			msg, err := e.readInput(in)
			if err != nil {
				return err
			}
			input, opts, err := sf.prepare(msg)
			if err != nil {
				return err
			}
			opts.Deterministic = deterministic
			sig, err := key.Sign(rand.Reader, input, opts)
			if err != nil {
				return fmt.Errorf("signing: %s", trimLib(err))
			}
			return e.writeOutput(out, sig, force, false)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "ML-DSA private key `FILE`")
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	cmd.Flags().StringVar(&in, "in", "", "the `FILE` to sign (\"-\": standard input)")
	cmd.Flags().StringVar(&out, "out", "", "write the signature to `FILE`")
	cmd.Flags().BoolVar(&deterministic, "deterministic", false, "deterministic signature (FIPS 204 rnd = 0)")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	sf.add(cmd)
	return cmd
}

func newVerifyCmd(e *env) *cobra.Command {
	var keyFile, in, sigFile string
	var sf signFlags
	cmd := &cobra.Command{
		Use:   "verify --key FILE --in FILE --sig FILE",
		Short: "Verify an ML-DSA signature of a file",
		Long: `Verify a raw ML-DSA signature of a file (from crystals sign or openssl pkeyutl -sign)
with a public key, a certificate or a private key file. Give the same --context, --hash or
--mu that signed it. Prints "Signature OK" and exits 0, or exits 1 saying why not.`,
		Example: `  crystals verify --key key.pub --in release.tar --sig release.sig
  crystals verify --key signer.crt --in release.tar --sig release.sig --context "release v1"
  crystals verify --key key.pub --in big.iso --hash SHA-512 --sig big.sig`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || in == "" || sigFile == "" {
				return usagef("verify needs --key FILE, --in FILE and --sig FILE")
			}
			pub, err := e.loadPublicKey(keyFile, "")
			if err != nil {
				return err
			}
			pk, ok := pub.(*mldsa.PublicKey)
			if !ok {
				return fmt.Errorf("%s holds a %T, not an ML-DSA public key", keyFile, pub)
			}
			msg, err := e.readInput(in)
			if err != nil {
				return err
			}
			sig, err := e.readInput(sigFile)
			if err != nil {
				return err
			}
			input, opts, err := sf.prepare(msg)
			if err != nil {
				return err
			}
			if err := signer.Verify(pk, input, sig, opts); err != nil {
				return fmt.Errorf("signature verification failed: %s", trimLib(err))
			}
			fmt.Fprintln(e.stdout, "Signature OK")
			return nil
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "public key, certificate or private key `FILE`")
	cmd.Flags().StringVar(&in, "in", "", "the signed `FILE`")
	cmd.Flags().StringVar(&sigFile, "sig", "", "the signature `FILE`")
	sf.add(cmd)
	return cmd
}
