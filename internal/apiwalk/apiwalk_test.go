package apiwalk

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// recorder is a TB that keeps what Run reports.
type recorder struct {
	errors, logs []string
	fatal        bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(f string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(f, args...))
}
func (r *recorder) Logf(f string, args ...any) { r.logs = append(r.logs, fmt.Sprintf(f, args...)) }
func (r *recorder) Fatal(args ...any)          { r.fatal = true; panic(fatalStop{}) }
func (r *recorder) has(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

type fatalStop struct{}

// key stands for a key type: Use panics on a zero receiver, Check returns
// no error for one, Fine errs as it should.
type key struct{ k *int }

func (k *key) Use() int      { return *k.k }
func (k *key) Check() error  { return nil }
func (k *key) Fine() error   { return errors.New("zero key") }
func (k *key) Safe(b []byte) {}

// TestRunReports checks that the walk reports each kind of fault: a
// function missing from the table, a panic with nil input, a zero key that
// answers without an error, a function that succeeds on zero arguments, and
// a MayPanic entry that no longer panics.
func TestRunReports(t *testing.T) {
	r := &recorder{}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(fatalStop); !ok {
					panic(p)
				}
			}
		}()
		Run(r, Table{
			Dir: "testdata/sample",
			Funcs: map[string]any{
				"Listed": func(b []byte) error {
					if b == nil {
						panic("nil input")
					}
					return errors.New("bad input")
				},
				"Succeeds": func(n int) error { return nil },
				"Safe":     func(s string) int { return len(s) },
			},
			Types:     map[string]any{"Key": (*key)(nil)},
			ZeroError: []string{"Key"},
			MayPanic:  map[string]string{"Safe": "a stale entry"},
		})
	}()
	for _, want := range []string{
		"exported function Forgotten is not in the no-panic table",
		"Listed(nil) panicked: nil input",
		"(*Key).Use(nil receiver) panicked",
		"(*Key).Check() on a zero key returned no error",
		"Succeeds(0) returned no error",
	} {
		if !r.has(r.errors, want) {
			t.Errorf("not reported: %q (reports: %q)", want, r.errors)
		}
	}
	if r.has(r.errors, "Fine") || r.has(r.errors, "Key).Safe") {
		t.Errorf("a correct method was reported: %q", r.errors)
	}
	if !r.has(r.logs, "Safe no longer panics") {
		t.Errorf("the stale MayPanic entry was not reported: %q", r.logs)
	}
	if r.fatal {
		t.Error("the walk stopped early")
	}
}
