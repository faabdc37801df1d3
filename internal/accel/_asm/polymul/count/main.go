// Command count prints the instructions each kernel of a generated amd64
// file executes per call: a static count, exact for this generator's code,
// which is straight-line but for the dot products' loops. A loop (from its
// label to the JB back to it) runs k times; a block it skips with JNE to
// a label …_skip (the Barrett reduction every fourth product) runs k/4
// times. It serves where the kernels cannot be timed (AVX-512 on machines
// without it; see docs/PERFORMANCE.md):
//
//	go run ./polymul/count ../polymul/kernels_amd64.s 1 2 3 4
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: count FILE.s [k ...]")
		os.Exit(2)
	}
	ks := []int{1}
	if len(os.Args) > 2 {
		ks = ks[:0]
		for _, a := range os.Args[2:] {
			k, err := strconv.Atoi(a)
			if err != nil || k < 1 {
				fmt.Fprintln(os.Stderr, "count: k must be a positive integer:", a)
				os.Exit(2)
			}
			ks = append(ks, k)
		}
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	text := regexp.MustCompile(`^TEXT ·(\w+)\(SB\)`)
	var names []string
	bodies := map[string][]string{}
	cur := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := text.FindStringSubmatch(line); m != nil {
			cur = m[1]
			names = append(names, cur)
			continue
		}
		s := strings.TrimSpace(line)
		if cur == "" || s == "" || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "DATA") || strings.HasPrefix(s, "GLOBL") {
			continue
		}
		bodies[cur] = append(bodies[cur], s)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, name := range names {
		fmt.Print(name)
		for _, k := range ks {
			loops, n := count(bodies[name], k)
			if loops {
				fmt.Printf(" k=%d:%d", k, n)
			} else {
				fmt.Printf(" %d", n)
				break
			}
		}
		fmt.Println()
	}
}

// count returns the instructions body executes for k loop trips, and
// whether it has a loop.
func count(body []string, k int) (loops bool, n int) {
	inLoop, inSkip := false, false
	for _, s := range body {
		if label, ok := strings.CutSuffix(s, ":"); ok {
			if strings.HasSuffix(label, "_skip") {
				inSkip = false
			} else {
				inLoop, loops = true, true
			}
			continue
		}
		switch {
		case inSkip:
			n += k / 4
		case inLoop:
			n += k
		default:
			n++
		}
		switch strings.Fields(s)[0] {
		case "JNE":
			inSkip = true
		case "JB":
			inLoop = false
		}
	}
	return loops, n
}
