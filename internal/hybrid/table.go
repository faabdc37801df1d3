package hybrid

import (
	"encoding/asn1"
	"strings"
)

// Algorithm is what the composite algorithm tables hold.
type Algorithm interface {
	comparable
	Name() string
	OID() asn1.ObjectIdentifier
}

// ByName returns the entry of table named name, with or without the drafts'
// "id-" prefix, or the zero value.
func ByName[A Algorithm](table []A, name string) A {
	name = strings.TrimPrefix(name, "id-")
	for _, a := range table {
		if a.Name() == name {
			return a
		}
	}
	var none A
	return none
}

// ByOID returns the entry of table with object identifier oid, or the zero
// value.
func ByOID[A Algorithm](table []A, oid asn1.ObjectIdentifier) A {
	for _, a := range table {
		if a.OID().Equal(oid) {
			return a
		}
	}
	var none A
	return none
}
