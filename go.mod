module github.com/crystals-go/crystals

go 1.27

require golang.org/x/sys v0.50.0
