package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"golang.org/x/term"
)

// password returns the password of --password-file, or asks for it on the
// terminal without echo. confirm asks twice (when a new key is encrypted).
// what names the key in the prompt and in errors.
func (e *env) password(passwordFile, what string, confirm bool) ([]byte, error) {
	if passwordFile != "" {
		data, err := e.readInput(passwordFile)
		if err != nil {
			return nil, err
		}
		// The first line is the password, as with openssl's file: source.
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			data = data[:i]
		}
		if len(data) == 0 {
			return nil, fmt.Errorf("password file %s is empty", passwordFile)
		}
		return data, nil
	}
	f, ok := e.stdin.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, usagef("%s needs a password: give --password-file FILE (standard input is not a terminal to ask on)", what)
	}
	pw, err := e.prompt(f, fmt.Sprintf("Password for %s: ", what))
	if err != nil {
		return nil, err
	}
	if confirm {
		again, err := e.prompt(f, "Again: ")
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(pw, again) {
			return nil, errors.New("the passwords do not match")
		}
	}
	return pw, nil
}

func (e *env) prompt(f *os.File, text string) ([]byte, error) {
	fmt.Fprint(e.stderr, text)
	pw, err := term.ReadPassword(int(f.Fd()))
	fmt.Fprintln(e.stderr)
	if err != nil {
		return nil, fmt.Errorf("reading the password: %w", err)
	}
	if len(pw) == 0 {
		return nil, errors.New("empty password")
	}
	return pw, nil
}
