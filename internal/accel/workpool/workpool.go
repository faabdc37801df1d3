// Package workpool hands out the engines' work areas: the arrays of a
// signature, a key generation or an encapsulation, tens of KiB that Go
// would zero on every call if they were locals.
//
// An area comes back as its last user left it. Every user writes each
// element before reading it, and clears whatever is secret before Put, so
// a pooled area holds no key material between calls. Once the pool holds
// an area per thread, Get allocates nothing; the garbage collector may
// drop idle areas, which the next Get then allocates again.
package workpool

import (
	"sync"
	"unsafe"
)

// Pool is a pool of work areas of type T. The zero Pool is ready to use.
type Pool[T any] struct{ pool sync.Pool }

// Get returns an area, allocating one if the pool has none.
func (p *Pool[T]) Get() *T {
	if w, ok := p.pool.Get().(*T); ok {
		return w
	}
	return new(T)
}

// Put returns w, cleared of secrets, to the pool.
func (p *Pool[T]) Put(w *T) { p.pool.Put(w) }

// Zeroed reports whether every byte of *v is zero. The engines' tests use
// it to check that what an area keeps after a call holds no secret.
func Zeroed[T any](v *T) bool {
	for _, b := range unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v)) {
		if b != 0 {
			return false
		}
	}
	return true
}
