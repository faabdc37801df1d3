package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

func newBenchCmd(e *env) *cobra.Command {
	var rounds int
	var per time.Duration
	var algs []string
	var svgOut string
	var force bool
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Time every algorithm beside crypto/mldsa, crypto/mlkem and circl",
		Long: `Time key generation, signing and verification (ML-DSA: with a prepared key, and from the
public-key bytes) and key generation, encapsulation and decapsulation (ML-KEM, X-Wing) in
crystals, the standard library (crypto/mldsa, crypto/mlkem: no ML-KEM-512 or X-Wing) and
circl, in one interleaved run: every round runs
each case once for --time, in turn, so that a slow phase of a shared machine hits all
implementations alike. The table gives the median time per operation over the rounds and
how many times faster crystals is. A progress bar runs on standard error when it is a
terminal. Times are the CPU time of the benchmarking OS thread where the system has that
clock (Linux), which a busy machine disturbs less than wall time. --svg writes the table
as a bar chart.`,
		Example: `  crystals bench
  crystals bench --alg ML-DSA-65,ML-KEM-768 --rounds 10 --time 50ms
  crystals bench --svg bench.svg`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if rounds < 1 || per <= 0 {
				return usagef("--rounds must be at least 1 and --time positive")
			}
			var chosen []string
			for _, name := range algs {
				a, err := lookupAlgorithm(name)
				if err != nil {
					return err
				}
				chosen = append(chosen, a.name)
			}
			if svgOut != "" && !force {
				if _, err := os.Lstat(svgOut); err == nil {
					return fmt.Errorf("%s already exists (use --force to overwrite)", svgOut)
				}
			}
			cases, err := benchCases(func(name string) bool { return len(chosen) == 0 || slices.Contains(chosen, name) })
			if err != nil {
				return err
			}
			bar := e.progress(rounds * len(cases))
			res, err := runBench(cases, rounds, per, bar)
			bar.done()
			if err != nil {
				return err
			}
			res.machine = machineLine()
			res.settings = fmt.Sprintf("%d rounds × %v per case", rounds, per)
			printBench(e.stdout, res)
			if svgOut != "" {
				return e.writeOutput(svgOut, benchSVG(res), force, false)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&rounds, "rounds", 5, "interleaved `N` rounds; the table shows medians")
	cmd.Flags().DurationVar(&per, "time", 20*time.Millisecond, "run each case for `DURATION` per round")
	cmd.Flags().StringSliceVar(&algs, "alg", nil, "only these `ALGORITHM`s (default: all)")
	cmd.Flags().StringVar(&svgOut, "svg", "", "write a bar chart to `FILE`")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing SVG file")
	return cmd
}

// benchRow is one algorithm's operation: median ns/op per implementation
// (absent where the implementation lacks the algorithm).
type benchRow struct {
	alg, op string
	ns      map[string]float64
}

type benchResult struct {
	rows              []benchRow
	machine, settings string
}

// runBench runs every case once per round, round-robin, and keeps the
// median of each.
func runBench(cases []benchCase, rounds int, per time.Duration, bar *progressBar) (*benchResult, error) {
	samples := make([][]float64, len(cases))
	for r := 0; r < rounds; r++ {
		for i, c := range cases {
			bar.step(fmt.Sprintf("round %d/%d %s %s (%s)", r+1, rounds, c.alg, c.op, c.impl))
			ns, err := timeCase(c, per)
			if err != nil {
				return nil, err
			}
			samples[i] = append(samples[i], ns)
		}
	}
	res := &benchResult{}
	index := map[string]int{}
	for i, c := range cases {
		key := c.alg + "\x00" + c.op
		j, ok := index[key]
		if !ok {
			j = len(res.rows)
			index[key] = j
			res.rows = append(res.rows, benchRow{alg: c.alg, op: c.op, ns: map[string]float64{}})
		}
		res.rows[j].ns[c.impl] = median(samples[i])
	}
	return res, nil
}

// timeCase runs c for per and returns the time per operation: the OS
// thread's CPU time where the platform has that clock, else wall time.
func timeCase(c benchCase, per time.Duration) (float64, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	n, start := 0, time.Now()
	cpu0, okCPU := threadCPU()
	for time.Since(start) < per || n == 0 {
		if err := c.run(); err != nil {
			return 0, fmt.Errorf("%s %s in %s: %w", c.alg, c.op, c.impl, err)
		}
		n++
	}
	wall := time.Since(start).Nanoseconds()
	if cpu1, ok := threadCPU(); ok && okCPU {
		return float64(cpu1-cpu0) / float64(n), nil
	}
	return float64(wall) / float64(n), nil
}

// clockName says which clock timeCase reads.
func clockName() string {
	if _, ok := threadCPU(); ok {
		return "thread CPU time"
	}
	return "wall time"
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func machineLine() string {
	model := runtime.GOARCH
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d CPUs, crystals level %s, %s", model, runtime.NumCPU(), cpu.Best(), runtime.Version())
}

func micro(ns float64) string {
	if ns == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", ns/1e3)
}

func ratio(base, other float64) string {
	if base == 0 || other == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f×", other/base)
}

func printBench(w io.Writer, res *benchResult) {
	fmt.Fprintf(w, "%s; %s; µs per operation (%s), medians\n\n", res.machine, res.settings, clockName())
	fmt.Fprintf(w, "%-12s %-22s %10s %10s %10s %9s %9s\n", "algorithm", "operation", "crystals", "stdlib", "circl", "vs stdlib", "vs circl")
	for _, r := range res.rows {
		c := r.ns[implCrystals]
		fmt.Fprintf(w, "%-12s %-22s %10s %10s %10s %9s %9s\n", r.alg, r.op, micro(c), micro(r.ns[implStdlib]), micro(r.ns[implCircl]),
			ratio(c, r.ns[implStdlib]), ratio(c, r.ns[implCircl]))
	}
}

// progressBar draws on a terminal and does nothing elsewhere.
type progressBar struct {
	w          io.Writer
	total, pos int
	start      time.Time
}

func (e *env) progress(total int) *progressBar {
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &progressBar{w: f, total: total, start: time.Now()}
	}
	return &progressBar{}
}

func (p *progressBar) step(label string) {
	if p.w == nil {
		return
	}
	const width = 30
	filled := width * p.pos / p.total
	fmt.Fprintf(p.w, "\r\x1b[K[%s%s] %3d%% %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), 100*p.pos/p.total, label)
	p.pos++
}

func (p *progressBar) done() {
	if p.w != nil {
		fmt.Fprintf(p.w, "\r\x1b[K")
	}
}
