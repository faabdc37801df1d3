package keccak

import "github.com/crystals-go/crystals/internal/accel/cpu"

// LanesX8Cost returns what a step of [LanesX8] costs at the active level,
// in tenths of a step of [LanesX4] (the permutation and the lanes'
// bookkeeping), or 0 where eight lanes are not used (docs/PERFORMANCE.md).
// On full-width AVX-512 (Zen 5) the 8-way and 4-way permutations cost
// about the same, the 8-way lanes' bookkeeping a little more: 1.1. Where
// zmm instructions run as two halves (cpu.HalfWidthZMM, Zen 4) the 8-way
// permutation costs two 4-way ones, but its bookkeeping is shared by eight
// lanes: a step costs about 1.5 to 1.8 4-way ones, taken as 1.7. AVX2
// keeps four lanes (an 8-way step cost 1.7 to 1.8 4-way ones on
// SMAUG-T's pk-parsing jobs, which it does not repay).
func LanesX8Cost() int {
	switch {
	case cpu.Active() != cpu.AVX512:
		return 0
	case cpu.HalfWidthZMM():
		return 17
	}
	return 11
}

// RunJobs runs whole hash jobs to completion on the lanes of the multi-way
// Keccak: on eight ([LanesX8]) where that takes fewer steps than four would
// by more than an 8-way step costs over a 4-way one, and otherwise on four
// ([LanesX4]). cost8 is that cost in tenths, as [LanesX8Cost] gives it (0:
// never eight lanes). The step counts are the schedules' lower bounds: the
// longest job, or the lanes' share of all the jobs' permutations. The jobs
// start in order, so a long one put first sets the pace. The lanes are
// cleared afterwards: they may have absorbed secret input.
func RunJobs(jobs []Job, cost8 int) {
	longest, total := 0, 0
	for j := range jobs {
		n := jobs[j].Permutations()
		longest, total = max(longest, n), total+n
	}
	steps4, steps8 := max(longest, (total+3)/4), max(longest, (total+7)/8)
	if cost8 != 0 && cost8*steps8 < 10*steps4 {
		var lanes LanesX8
		lanes.Run(jobs, 0, len(jobs))
		lanes.Clear()
		return
	}
	var lanes LanesX4
	lanes.Run(jobs, 0, len(jobs))
	lanes.Clear()
}
