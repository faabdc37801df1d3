package main

func mldsaKernels(p *program) {}
