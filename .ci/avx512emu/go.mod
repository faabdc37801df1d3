module avx512emu

go 1.27
