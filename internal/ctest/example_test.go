package ctest_test

import (
	"crypto/subtle"
	"fmt"
	"math"

	"github.com/crystals-go/crystals/internal/ctest"
)

// Comparing a guess with a secret in constant time, the two classes being
// a guess that matches and one that does not.
func ExampleMeasure() {
	secret := []byte("0123456789abcdef0123456789abcdef")
	guesses := [2][]byte{[]byte("0123456789abcdef0123456789abcdef"), []byte("x123456789abcdef0123456789abcdef")}
	guess := make([]byte, len(secret))
	r := ctest.Measure(20000,
		func(class int) { copy(guess, guesses[class]) },
		func() { subtle.ConstantTimeCompare(secret, guess) })
	fmt.Println(r.Measurements, r.PerClass[0]+r.PerClass[1])
	if math.Abs(r.T) >= ctest.Threshold {
		fmt.Println("timing depends on the guess:", r)
	}
	// Output: 20000 20000
}
