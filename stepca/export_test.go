package stepca

import (
	"crypto"
	"crypto/mldsa"
)

// SetSignHook lets the external tests observe every signature made by the
// KMS's signers; it returns a function that removes the hook.
func SetSignHook(hook func(pub *mldsa.PublicKey, msg []byte, opts crypto.SignerOpts)) (restore func()) {
	old := signHook
	signHook = hook
	return func() { signHook = old }
}
