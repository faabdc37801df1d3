//go:build !race

package signer

const raceEnabled = false
