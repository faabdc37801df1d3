//go:build linux

// Command init is the first process of the emulated machine that
// .ci/avx512-emulated boots: it mounts the kernel file systems, prints the CPU
// the tests see, runs each line of /run.txt ("dir binary flags...") as a test
// binary in dir with the variables of /env.txt (one NAME=value a line) added
// to its environment, reports how each ended, and powers the machine off.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	for _, d := range []string{"/dev", "/proc", "/tmp"} {
		os.MkdirAll(d, 0o1777)
	}
	mount("devtmpfs", "/dev", "devtmpfs")
	mount("proc", "/proc", "proc")
	mount("tmpfs", "/tmp", "tmpfs")
	printCPU()
	script, err := os.ReadFile("/run.txt")
	if err != nil {
		fmt.Println("init: FAIL", err)
	}
	env := []string{"CRYSTALS_TESTDATA=/testdata", "CI=true", "TMPDIR=/tmp", "HOME=/tmp"}
	if extra, err := os.ReadFile("/env.txt"); err == nil {
		env = append(env, strings.Fields(string(extra))...)
	}
	for _, line := range strings.Split(string(script), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		run(f[0], f[1], f[2:], env)
	}
	fmt.Println("init: ALL DONE")
	drainConsole()
	time.Sleep(5 * time.Second)
	syscall.Sync()
	syscall.Reboot(syscall.LINUX_REBOOT_CMD_POWER_OFF)
}

// drainConsole waits until the console has sent all it was given
// (tcdrain: TCSBRK with a non-zero argument). The emulated serial port is
// slow, and output still queued when the machine powers off is lost.
func drainConsole() {
	const tcsbrk = 0x5409
	syscall.Syscall(syscall.SYS_IOCTL, uintptr(syscall.Stdout), tcsbrk, 1)
}

func mount(source, target, fstype string) {
	if err := syscall.Mount(source, target, fstype, 0, ""); err != nil {
		fmt.Printf("init: mount %s: %v\n", target, err)
	}
}

// printCPU prints the model and flags lines of /proc/cpuinfo, so the log
// shows which AVX-512 subsets the emulated CPU offers.
func printCPU() {
	info, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(l, "model name") {
			fmt.Println("init:", l)
		}
		if strings.HasPrefix(l, "flags") {
			fmt.Println("init:", l)
			return
		}
	}
}

func run(dir, bin string, args, env []string) {
	start := time.Now()
	fmt.Printf("init: RUN %s %s\n", bin, strings.Join(args, " "))
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stdout
	cmd.Env = append(os.Environ(), env...)
	err := cmd.Run()
	status := "ok"
	if err != nil {
		status = "FAIL " + err.Error()
	}
	fmt.Printf("init: DONE %s %s (%v emulated)\n", bin, status, time.Since(start).Round(time.Second))
	drainConsole()
}
