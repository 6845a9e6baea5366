// Package cputime measures the CPU time a benchmark's process uses: on a
// busy machine it counts work, where the clock also counts the wait for a
// core. The benchmarks report it beside ns/op (cpu-ns/op).
package cputime
