package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

var update = flag.Bool("update", false, "rewrite the golden help files in testdata/help")

// commandPaths lists every command of the tree, root first.
func commandPaths(cmd *cobra.Command, prefix []string) [][]string {
	paths := [][]string{prefix}
	for _, sub := range cmd.Commands() {
		if sub.IsAvailableCommand() {
			paths = append(paths, commandPaths(sub, append(append([]string(nil), prefix...), sub.Name()))...)
		}
	}
	return paths
}

// TestHelpGolden checks the --help output of every command against
// testdata/help/*.golden, so that a change of the interface is deliberate
// (go test -run TestHelpGolden -args -update rewrites them).
func TestHelpGolden(t *testing.T) {
	var discard bytes.Buffer
	paths := commandPaths(newRootCmd(&env{stdin: os.Stdin, stdout: &discard, stderr: &discard}), nil)
	if len(paths) < 20 {
		t.Fatalf("only %d commands found", len(paths))
	}
	seen := map[string]bool{}
	for _, p := range paths {
		name := strings.Join(append([]string{"crystals"}, p...), "_")
		seen[name+".golden"] = true
		out := ok(t, t.TempDir(), append(p, "--help")...)
		if !strings.Contains(out, "Examples:") {
			t.Errorf("%s --help has no examples", name)
		}
		golden := filepath.Join("testdata", "help", name+".golden")
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, golden, []byte(out))
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -run TestHelpGolden -args -update)", err)
		}
		if out != string(want) {
			t.Errorf("%s --help differs from %s (run go test -run TestHelpGolden -args -update if intended):\n%s", name, golden, out)
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "help", "*.golden"))
	for _, f := range files {
		if !seen[filepath.Base(f)] && !*update {
			t.Errorf("%s belongs to no command", f)
		}
	}
	t.Logf("%d commands' help checked", len(paths))
}
