// Command qemucount counts the guest instructions a program executes under
// qemu-user, from qemu's log of translated blocks (in_asm) and of every
// block executed (exec, with nochain so that chained blocks are logged too):
//
//	qemu-aarch64-static -cpu max -d in_asm,exec,nochain -D /dev/stderr prog 2>&1 >/dev/null | qemucount
//
// It prints the total and, for each function whose name matches -match (a
// regular expression), most first: its instructions, its calls (executions
// of its first block seen, its entry) and the instructions per call. With -markers it
// counts only from the first block of a function named main.markStart to
// the first of main.markStop (internal/accel/insncount calls them around
// the operations it counts). The counts are dynamic instruction counts of
// the emulated program, not timings.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

func main() {
	match := flag.String("match", "", "report the functions matching this `regexp`")
	markers := flag.Bool("markers", false, "count only between main.markStart and main.markStop")
	flag.Parse()
	counting := !*markers
	re := regexp.MustCompile(*match)
	size := map[uint64]uint64{} // instructions of the block translated at a guest pc
	perFunc := map[string]uint64{}
	entry := map[string]uint64{} // the first block executed of each function: its entry
	calls := map[string]uint64{}
	var total uint64
	var block uint64 // pc of the block being listed after "IN:"
	listing := false
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Trace "):
			// Trace 0: 0xhost [flags/pc/…] symbol
			i := strings.IndexByte(line, '[')
			if i < 0 {
				continue
			}
			f := strings.SplitN(line[i+1:], "/", 3)
			if len(f) < 3 {
				continue
			}
			pc, err := strconv.ParseUint(f[1], 16, 64)
			if err != nil {
				continue
			}
			listing = false
			name := ""
			if j := strings.LastIndexByte(line, ' '); j >= 0 {
				name = line[j+1:]
			}
			if *markers {
				switch name {
				case "main.markStart":
					counting = true
				case "main.markStop":
					counting = false
				}
			}
			if !counting {
				continue
			}
			n := size[pc]
			total += n
			if *match != "" && re.MatchString(name) {
				perFunc[name] += n
				if e, ok := entry[name]; !ok || e == pc {
					entry[name] = pc
					calls[name]++
				}
			}
		case strings.HasPrefix(line, "IN:"):
			listing, block = true, 0
		case listing && strings.HasPrefix(line, "0x"):
			j := strings.IndexByte(line, ':')
			if j < 0 {
				continue
			}
			pc, err := strconv.ParseUint(line[2:j], 16, 64)
			if err != nil {
				continue
			}
			if block == 0 {
				block = pc
				size[block] = 0
			}
			size[block]++
		case line == "":
			listing = false
		}
	}
	fmt.Printf("total %d\n", total)
	var names []string
	for name := range perFunc {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return perFunc[names[i]] > perFunc[names[j]] })
	for _, name := range names {
		fmt.Printf("%12d %8d %10d %s\n", perFunc[name], calls[name], perFunc[name]/max(calls[name], 1), name)
	}
}
