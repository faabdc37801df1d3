//go:build !unix

package keyfile

// oNoFollow is zero where the system has no O_NOFOLLOW; O_EXCL alone keeps
// WriteNew from following a link there.
const oNoFollow = 0
