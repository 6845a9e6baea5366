package cputime

import "testing"

// PerByte runs read in b's loop, on an input of size bytes, and reports its
// CPU time per byte (cpu-ns/byte) beside the allocations.
func PerByte(b *testing.B, size int, read func() error) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	start := Process()
	for b.Loop() {
		if err := read(); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := Process() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(size), "cpu-ns/byte")
	}
}
