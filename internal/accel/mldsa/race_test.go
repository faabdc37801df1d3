//go:build race

package mldsa

// raceEnabled skips allocation counts, which the race detector changes.
const raceEnabled = true
