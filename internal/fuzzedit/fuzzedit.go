// Package fuzzedit turns a fuzzer's bytes into edits of a valid encoding, for
// fuzz targets whose interesting inputs are large (signatures, expanded keys,
// PKCS#8 files of several KiB) and expensive to check.
//
// Fed such an encoding as raw bytes, Go's fuzzer stalls: every input that
// reaches new code is minimized before fuzzing goes on, and minimization
// runs the target O(n²) times on an input of n bytes (each subrange removed,
// then each byte replaced by 32 printable ones), so a few-KiB input whose
// every run costs an ML-DSA operation keeps the worker in one minimization
// for the whole of -fuzzminimizetime. A fuzz input that is instead a short
// program of edits applied to a fixed valid encoding stays a few bytes long,
// minimizes in a moment, and still reaches every byte of the encoding.
package fuzzedit

// OpSize is the length of one edit in a program.
const OpSize = 4

// MaxOps bounds the edits applied from one program, so that a long input
// costs no more than a short one.
const MaxOps = 64

// Apply returns a copy of base edited by prog, read as up to MaxOps edits of
// OpSize bytes (a trailing partial edit is ignored): kind, position (two
// bytes, little endian, taken modulo the current length + 1) and value.
// The kind's two low bits choose the edit:
//
//	0: XOR the byte at the position with the value
//	1: set the byte at the position to the value
//	2: truncate to the position
//	3: insert the value before the position
//
// An XOR or set at the end of the input (position = length) appends the
// value instead.
func Apply(base, prog []byte) []byte {
	out := append([]byte(nil), base...)
	for i := 0; i+OpSize <= len(prog) && i < MaxOps*OpSize; i += OpSize {
		kind, val := prog[i]&3, prog[i+3]
		pos := (int(prog[i+1]) | int(prog[i+2])<<8) % (len(out) + 1)
		switch {
		case kind == 2:
			out = out[:pos]
		case kind == 3 || pos == len(out):
			out = append(out[:pos], append([]byte{val}, out[pos:]...)...)
		case kind == 0:
			out[pos] ^= val
		default:
			out[pos] = val
		}
	}
	return out
}

// Op returns one edit of the given kind at pos with value val, for seed
// corpora.
func Op(kind byte, pos int, val byte) []byte {
	return []byte{kind, byte(pos), byte(pos >> 8), val}
}

// Cycle returns n bytes of pattern repeated (zeros for an empty pattern),
// for targets whose input is a long stream: they take a short pattern and a
// length rather than the stream itself, which keeps inputs short for the
// same reason as Apply. A pattern at least n long is cut to n, so every
// stream stays reachable.
func Cycle(pattern []byte, n int) []byte {
	out := make([]byte, n)
	if len(pattern) > 0 {
		for i := range out {
			out[i] = pattern[i%len(pattern)]
		}
	}
	return out
}
