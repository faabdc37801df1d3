package fuzzedit_test

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

func ExampleApply() {
	valid := []byte("signature")
	prog := append(fuzzedit.Op(1, 0, 'S'), fuzzedit.Op(2, 4, 0)...)
	fmt.Printf("%s\n", fuzzedit.Apply(valid, prog))
	// Output: Sign
}
