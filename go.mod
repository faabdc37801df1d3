module github.com/crystals-go/crystals

go 1.27

require (
	github.com/cloudflare/circl v1.6.5
	golang.org/x/crypto v0.59.0
	golang.org/x/sys v0.50.0
)
