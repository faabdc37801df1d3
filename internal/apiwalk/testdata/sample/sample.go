// Package sample is the exported API that apiwalk's own test reads.
package sample

// Listed is in the test's table.
func Listed(b []byte) error { return nil }

// Forgotten is left out of the test's table.
func Forgotten() {}

// Key is a type whose zero value must answer with errors.
type Key struct{ k *int }

// Use is a method of Key.
func (k *Key) Use() error { return nil }
