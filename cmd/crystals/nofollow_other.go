//go:build !unix

package main

// oNoFollow is zero where open(2) has no O_NOFOLLOW; writeOutput's Lstat
// check and O_EXCL still refuse an existing link.
const oNoFollow = 0
