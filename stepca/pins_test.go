package stepca_test

import (
	"runtime/debug"
	"testing"

	josev3 "github.com/go-jose/go-jose/v3"
	"github.com/smallstep/certificates/authority/provisioner"
	"go.step.sm/crypto/jose"
	"golang.org/x/mod/semver"
)

// step-ca v0.30.2 is written against go.step.sm/crypto/jose wrapping go-jose
// v3. go.step.sm/crypto v0.92.0 rewrapped it around go-jose v4, and
// certificates v0.30.2 then fails to compile:
//
//	authority/provisioner/aws.go:293:50: jose.Signed(signer).Claims(payload).CompactSerialize undefined
//	    (type "github.com/go-jose/go-jose/v4/jwt".Builder has no field or method CompactSerialize)
//	authority/provisioner/azure.go:293:3: unknown field Audience in struct literal of type "go.step.sm/crypto/jose".Expected
//	authority/provisioner/oidc.go:219:3: unknown field Audience in struct literal of type "go.step.sm/crypto/jose".Expected
//
// v0.90.0 is the first release with the ML-DSA signature algorithms in
// kms/apiv1 (MLDSA44/65/87) and x509util, which the crystals KMS and
// step-ca's ML-DSA issuance need. So go.mod pins go.step.sm/crypto to
// [v0.90.0, v0.92.0) with certificates v0.30.2.

// The provisioner keys step-ca v0.30.2 handles are go-jose v3 keys; this line
// stops compiling if go.step.sm/crypto's jose moves to another go-jose.
var _ *josev3.JSONWebKey = (*jose.JSONWebKey)(nil)

var _ *josev3.JSONWebKey = (&provisioner.JWK{}).Key

func TestDependencyPins(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("test binary has no build information")
	}
	versions := map[string]string{}
	for _, m := range info.Deps {
		v := m.Version
		if m.Replace != nil {
			v = m.Replace.Version
		}
		versions[m.Path] = v
	}
	if v := versions["github.com/smallstep/certificates"]; v != "v0.30.2" {
		t.Errorf("github.com/smallstep/certificates %q, want v0.30.2 (the release this integration and its README notes are written for)", v)
	}
	crypto := versions["go.step.sm/crypto"]
	if semver.Compare(crypto, "v0.90.0") < 0 || semver.Compare(crypto, "v0.92.0") >= 0 {
		t.Errorf("go.step.sm/crypto %q, want >= v0.90.0 (ML-DSA in kms/apiv1) and < v0.92.0 (go-jose v4 breaks certificates v0.30.2)", crypto)
	}
	if _, ok := versions["github.com/go-jose/go-jose/v3"]; !ok {
		t.Error("go-jose v3 is not linked: step-ca's JWK provisioners would not be using it")
	}
	t.Logf("certificates %s, go.step.sm/crypto %s, go-jose/v3 %s", versions["github.com/smallstep/certificates"], crypto, versions["github.com/go-jose/go-jose/v3"])
}
