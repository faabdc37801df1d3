// Command insncount runs one ML-KEM-768 or ML-DSA-65 operation n times
// between two marker calls, for counting its instructions under qemu-user
// with internal/accel/_asm/qemucount (which counts only between the
// markers). The engine runs at the level the emulated CPU has (QEMU_CPU)
// or portably (-tags purego); -impl stdlib runs Go's crypto/mlkem and
// crypto/mldsa instead.
//
//	GOARCH=arm64 go build -o insncount ./internal/accel/insncount
//	QEMU_CPU=max qemu-aarch64-static -d in_asm,exec,nochain -D /dev/stderr \
//	    ./insncount -op mldsa65-sign -n 4 2>&1 >/dev/null | qemucount -markers
package main

import (
	"crypto"
	"crypto/mldsa"
	"crypto/mlkem"
	"flag"
	"fmt"
	"os"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

//go:noinline
func markStart() { fmt.Fprint(os.Stderr, "") }

//go:noinline
func markStop() { fmt.Fprint(os.Stderr, "") }

func main() {
	op := flag.String("op", "mlkem768-keygen", "mlkem768-{keygen,encaps,decaps} or mldsa65-{keygen,sign,verify}")
	impl := flag.String("impl", "crystals", "crystals or stdlib")
	n := flag.Int("n", 4, "operations between the markers")
	flag.Parse()
	run, err := prepare(*op, *impl == "stdlib")
	if err != nil {
		fmt.Fprintln(os.Stderr, "insncount:", err)
		os.Exit(2)
	}
	markStart()
	for range *n {
		if err := run(); err != nil {
			fmt.Fprintln(os.Stderr, "insncount:", err)
			os.Exit(1)
		}
	}
	markStop()
}

// prepare builds the keys and inputs of op outside the counted window and
// returns one operation.
func prepare(op string, std bool) (func() error, error) {
	seed := make([]byte, 64)
	for i := range seed {
		seed[i] = byte(i)
	}
	msg := []byte("a message of modest length, as a TLS handshake would sign")
	switch op {
	case "mlkem768-keygen", "mlkem768-encaps", "mlkem768-decaps":
		if std {
			dk, err := mlkem.NewDecapsulationKey768(seed)
			if err != nil {
				return nil, err
			}
			ek := dk.EncapsulationKey()
			_, c := ek.Encapsulate()
			return map[string]func() error{
				"mlkem768-keygen": func() error { _, err := mlkem.NewDecapsulationKey768(seed); return err },
				"mlkem768-encaps": func() error { ek.Encapsulate(); return nil },
				"mlkem768-decaps": func() error { _, err := dk.Decapsulate(c); return err },
			}[op], nil
		}
		dk, err := kem.NewDecapsulationKey768(seed)
		if err != nil {
			return nil, err
		}
		ek := dk.EncapsulationKey()
		_, c := ek.Encapsulate()
		return map[string]func() error{
			"mlkem768-keygen": func() error { _, err := kem.NewDecapsulationKey768(seed); return err },
			"mlkem768-encaps": func() error { ek.Encapsulate(); return nil },
			"mlkem768-decaps": func() error { _, err := dk.Decapsulate(c); return err },
		}[op], nil
	case "mldsa65-keygen", "mldsa65-sign", "mldsa65-verify":
		p := mldsa.MLDSA65()
		if std {
			return dsaOp(op, msg, func() (*mldsa.PrivateKey, error) { return mldsa.NewPrivateKey(p, seed[:32]) },
				func(pk *mldsa.PublicKey, sig []byte) error { return mldsa.Verify(pk, msg, sig, nil) })
		}
		return dsaOp(op, msg, func() (*signer.PrivateKey, error) { return signer.NewPrivateKey(p, seed[:32]) },
			func(pk *mldsa.PublicKey, sig []byte) error { return signer.Verify(pk, msg, sig, nil) })
	}
	return nil, fmt.Errorf("unknown operation %q", op)
}

// dsaKey is what an ML-DSA implementation's private key offers the driver.
type dsaKey interface {
	SignDeterministic(msg []byte, opts crypto.SignerOpts) ([]byte, error)
	PublicKey() *mldsa.PublicKey
}

// dsaOp returns op (key generation, signing or verification of msg) for
// the implementation whose key constructor is newKey.
func dsaOp[K dsaKey](op string, msg []byte, newKey func() (K, error), verify func(*mldsa.PublicKey, []byte) error) (func() error, error) {
	sk, err := newKey()
	if err != nil {
		return nil, err
	}
	sig, err := sk.SignDeterministic(msg, nil)
	if err != nil {
		return nil, err
	}
	return map[string]func() error{
		"mldsa65-keygen": func() error { _, err := newKey(); return err },
		"mldsa65-sign":   func() error { _, err := sk.SignDeterministic(msg, nil); return err },
		"mldsa65-verify": func() error { return verify(sk.PublicKey(), sig) },
	}[op], nil
}
