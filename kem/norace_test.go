//go:build !race

package kem

const raceEnabled = false
