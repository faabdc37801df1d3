// Module _asm holds the programs that generate the engine's amd64 assembly
// with avo. Each kernel family is a command in its own directory (keccak/ for
// Keccak-f[1600]; NTT and sampling kernels go beside it), run by a
// //go:generate line in the package that uses its output; the generated
// *_amd64.s files and their Go declarations are committed, and
// check-generated.sh verifies that they are reproducible.
//
// The leading underscore keeps this directory out of the main module's
// ./... patterns, so the main module does not depend on avo.
package asm
