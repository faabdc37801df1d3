//go:build race

package signer

// raceEnabled skips allocation counts, which the race detector changes.
const raceEnabled = true
