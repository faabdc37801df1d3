module github.com/crystals-go/crystals

go 1.27

require (
	golang.org/x/crypto v0.59.0
	golang.org/x/sys v0.50.0
)
