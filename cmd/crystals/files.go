package main

import (
	"bytes"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/internal/keyfile"
)

// readInput reads a file named on the command line ("-" is standard input).
func (e *env) readInput(path string) ([]byte, error) {
	if path == "" {
		return nil, usagef("no input file given")
	}
	if path == "-" {
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(e.stdin); err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return buf.Bytes(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, unwrapPath(err))
	}
	return data, nil
}

// unwrapPath drops the path os errors repeat, since the message names it.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeOutput writes data to path ("-" is standard output). An existing file
// is replaced only with force. Private outputs (keys, shared secrets) are
// created with O_EXCL|O_NOFOLLOW and mode 0600, so they never follow a
// symbolic link or inherit another file's permissions; with force the old
// file is removed first.
func (e *env) writeOutput(path string, data []byte, force, private bool) error {
	if path == "" {
		return usagef("no output file given (--out)")
	}
	if path == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	if fi, err := os.Lstat(path); err == nil {
		if !force {
			return fmt.Errorf("%s already exists (use --force to overwrite)", path)
		}
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory", path)
		}
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("replacing %s: %w", path, unwrapPath(err))
		}
	}
	mode := fs.FileMode(0o644)
	if private {
		mode = 0o600
	}
	if err := keyfile.Create(path, data, mode); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists (use --force to overwrite)", path)
		}
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Op == "open" {
			return fmt.Errorf("creating %s: %w", path, pe.Err)
		}
		return err // keyfile's "writing PATH: …"
	}
	return nil
}

// block is one decoded input: the DER bytes and the PEM type they came with
// ("" for a DER file).
type block struct {
	typ string
	der []byte
}

// decodeBlocks returns the PEM blocks of data, or data itself as one DER
// block when it is not PEM. Text between PEM blocks is ignored, as by
// OpenSSL; a file that starts a PEM block it does not finish is an error.
func decodeBlocks(name string, data []byte) ([]block, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s is empty", name)
	}
	if !bytes.Contains(data, []byte("-----BEGIN ")) {
		return []block{{der: data}}, nil
	}
	var blocks []block
	rest := data
	for {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		blocks = append(blocks, block{typ: b.Type, der: b.Bytes})
	}
	if len(blocks) == 0 || bytes.Contains(rest, []byte("-----BEGIN ")) {
		return nil, fmt.Errorf("%s: truncated or corrupted PEM", name)
	}
	return blocks, nil
}

// readBlocks reads path and decodes it with decodeBlocks.
func (e *env) readBlocks(path string) ([]block, error) {
	data, err := e.readInput(path)
	if err != nil {
		return nil, err
	}
	return decodeBlocks(path, data)
}

// readBlock is readBlocks for inputs that hold one object.
func (e *env) readBlock(path string) (block, error) {
	blocks, err := e.readBlocks(path)
	if err != nil {
		return block{}, err
	}
	if len(blocks) != 1 {
		return block{}, fmt.Errorf("%s holds %d PEM blocks, expected one", path, len(blocks))
	}
	return blocks[0], nil
}

// addPasswordFlag registers --password-file for reading an encrypted key.
func addPasswordFlag(cmd *cobra.Command, dst *string, whose string) {
	cmd.Flags().StringVar(dst, "password-file", "", "password of "+whose+", first line of `FILE`")
}
