package configfile

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
)

// BenchmarkRead reads files of n distinct sections, and of n keys set then
// erased (k=null), against files of one section of n keys: ns/line stays
// the same as n grows and across the three (on a busy machine, compare
// cpu-ns/line, the process's CPU time).
func BenchmarkRead(b *testing.B) {
	files := map[string]func(n int) []byte{
		"keys": func(n int) []byte {
			var t bytes.Buffer
			t.WriteString("[s]\n")
			for i := range n {
				fmt.Fprintf(&t, "k%d=1\n", i)
			}
			return t.Bytes()
		},
		"sections": func(n int) []byte {
			var t bytes.Buffer
			for i := range n {
				fmt.Fprintf(&t, "[s%d]\nk=1\n", i)
			}
			return t.Bytes()
		},
		"erased": func(n int) []byte {
			var t bytes.Buffer
			t.WriteString("[s]\n")
			for i := range n / 2 {
				fmt.Fprintf(&t, "k%d=1\n", i)
			}
			for i := range n / 2 {
				fmt.Fprintf(&t, "k%d=null\n", i)
			}
			return t.Bytes()
		},
	}
	for _, name := range []string{"keys", "sections", "erased"} {
		for _, n := range []int{2000, 16000} {
			text := files[name](n)
			b.Run(fmt.Sprintf("%s/lines=%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				start := cputime.Process()
				for b.Loop() {
					if _, err := Read(bytes.NewReader(text)); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/line")
				if cpu := cputime.Process() - start; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*n), "cpu-ns/line")
				}
			})
		}
	}
}
