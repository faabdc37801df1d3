// Package vectors locates and reads the external test vectors kept in
// ../shared/testdata (NIST ACVP, Wycheproof, C2SP CCTV, the LAMPS examples and
// X-Wing). The files are read in place, never copied into this module.
//
// When the folder is absent a test skips with a message saying so, except
// under CI (CI=true in the environment), where missing vectors fail the test:
// CI must run them.
package vectors

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// EnvDir names an environment variable that overrides the vectors folder.
const EnvDir = "CRYSTALS_TESTDATA"

// Dir returns the path of the shared testdata folder, or skips t (fails it
// under CI) when it cannot be found.
func Dir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv(EnvDir); d != "" {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		t.Fatalf("vectors: %s=%q is not a directory", EnvDir, d)
	}
	// This file is internal/vectors/vectors.go; the module root is two up,
	// and the shared folder sits beside the module root.
	_, file, _, ok := runtime.Caller(0)
	if ok {
		d := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "testdata")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return filepath.Clean(d)
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("vectors: ../shared/testdata not found beside the module root; CI must run the external vectors")
	}
	t.Skipf("vectors: ../shared/testdata not found beside the module root (set %s to its path); skipping external vectors", EnvDir)
	return ""
}

// Path returns the path of rel (slash-separated) inside the testdata folder,
// failing t if that file does not exist.
func Path(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(Dir(t), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("vectors: %v", err)
	}
	return p
}

// ReadFile returns the contents of rel, decompressed if its name ends in .gz.
func ReadFile(t testing.TB, rel string) []byte {
	t.Helper()
	f, err := os.Open(Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(rel, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("vectors: %s: %v", rel, err)
		}
		defer zr.Close()
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("vectors: %s: %v", rel, err)
	}
	return b
}

// ReadJSON decodes the JSON file rel (gzipped or not) into v.
func ReadJSON(t testing.TB, rel string, v any) {
	t.Helper()
	if err := json.Unmarshal(ReadFile(t, rel), v); err != nil {
		t.Fatalf("vectors: %s: %v", rel, err)
	}
}

// Counter counts the cases a test ran per file, logs the counts when the test
// ends, and fails the test for a file that yielded no case.
type Counter struct {
	t      testing.TB
	counts map[string]int
	order  []string
}

// NewCounter returns a Counter that reports when t's cleanup runs.
func NewCounter(t testing.TB) *Counter {
	c := &Counter{t: t, counts: map[string]int{}}
	t.Cleanup(c.report)
	return c
}

// File registers a file, so that it is reported even if it yields no case.
func (c *Counter) File(name string) {
	if _, ok := c.counts[name]; !ok {
		c.counts[name] = 0
		c.order = append(c.order, name)
	}
}

// Add counts one case of file name.
func (c *Counter) Add(name string) {
	c.File(name)
	c.counts[name]++
}

func (c *Counter) report() {
	for _, name := range c.order {
		n := c.counts[name]
		c.t.Logf("vectors: %s: %d cases", name, n)
		if n == 0 && !c.t.Skipped() {
			c.t.Errorf("vectors: %s yielded no test case", name)
		}
	}
}
