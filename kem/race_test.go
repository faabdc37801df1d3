//go:build race

package kem

// raceEnabled skips allocation counts, which the race detector changes.
const raceEnabled = true
