package vectors

// The LAMPS composite drafts' vector files (see their SOURCE.md files).
const (
	CompositeSigsFile = "composite-sigs/testvectors.json"
	CompositeKEMFile  = "composite-kem/testvectors.json"
)

// CompositeSigs is the layout of CompositeSigsFile
// (draft-ietf-lamps-pq-composite-sigs): one vector per algorithm, the raw
// keys, the self-signed certificate and two signatures of M.
type CompositeSigs struct {
	M     []byte `json:"m"`
	Ctx   []byte `json:"ctx"`
	Tests []struct {
		TcID         string `json:"tcId"`
		PK           []byte `json:"pk"`
		X5C          []byte `json:"x5c"`
		SK           []byte `json:"sk"`
		SKPKCS8      []byte `json:"sk_pkcs8"`
		S            []byte `json:"s"`
		SWithContext []byte `json:"sWithContext"`
	} `json:"tests"`
}

// CompositeKEM is the layout of CompositeKEMFile
// (draft-ietf-lamps-pq-composite-kem): the issuing CA certificate, then one
// vector per algorithm with the raw keys, the certificate, a ciphertext and
// its shared secret.
type CompositeKEM struct {
	CACert []byte `json:"cacert"`
	Tests  []struct {
		TcID    string `json:"tcId"`
		EK      []byte `json:"ek"`
		X5C     []byte `json:"x5c"`
		DK      []byte `json:"dk"`
		DKPKCS8 []byte `json:"dk_pkcs8"`
		C       []byte `json:"c"`
		K       []byte `json:"k"`
	} `json:"tests"`
}
