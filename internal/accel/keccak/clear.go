package keccak

// Clear methods zero a state that absorbed secret input (a seed, a key, a
// message): the state itself, any block of it still to be squeezed, and the
// sponge's position. They are not inlined, so that the caller's compiler sees
// a call through the pointer it passes and cannot drop the stores as dead,
// however the state is used after; they allocate nothing. A cleared state
// must be initialised again before use.

// Clear zeroes s.
//
//go:noinline
func (s *Shake) Clear() { *s = Shake{} }

// Clear zeroes every state of x.
//
//go:noinline
func (x *ShakeX4) Clear() { *x = ShakeX4{} }

// Clear zeroes every state of x.
//
//go:noinline
func (x *ShakeX8) Clear() { *x = ShakeX8{} }
