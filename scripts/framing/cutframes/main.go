// Command cutframes writes candidate inputs that are stream frames cut
// short, for Godot 4 to judge (scripts/golden/judge4.gd): each a u32 length
// L, then fewer than L bytes, made from the golden values of DIR (those of
// at most 64 bytes): a whole value under a length that declares more, a
// value's start under the value's own length (a save file cut inside its
// last frame), and two values under a length that declares more than both.
// Each line is "NAME HEX". scripts/gen-framing-cut.sh keeps those the
// engine's bytes_to_var rejects.
//
//	go run ./scripts/framing/cutframes testdata/golden/godot4 > candidates.txt
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// maxValue is the size of the largest value used.
const maxValue = 64

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cutframes DIR")
		os.Exit(2)
	}
	values, err := load(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	emit := func(name string, declared int, body []byte) {
		b := binary.LittleEndian.AppendUint32(nil, uint32(declared))
		fmt.Fprintf(w, "%s %s\n", name, hex.EncodeToString(append(b, body...)))
	}
	for i, v := range values {
		n := len(v.bin)
		for _, more := range []int{4, 8, 16, n + 4, 256, 1 << 16, 0x7ffffff0 - n} {
			emit(fmt.Sprintf("%s.declares%d", v.name, n+more), n+more, v.bin)
		}
		for cut := 4; cut < n; cut += 4 {
			emit(fmt.Sprintf("%s.cut%d", v.name, cut), n, v.bin[:cut])
		}
		next := values[(i+1)%len(values)]
		emit(fmt.Sprintf("%s.then.%s", v.name, next.name), n+len(next.bin)+4, append(append([]byte(nil), v.bin...), next.bin...))
	}
}

type value struct {
	name string
	bin  []byte
}

// load reads DIR's golden values of at most maxValue bytes, in its index's
// order.
func load(dir string) ([]value, error) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	if err != nil {
		return nil, err
	}
	var values []value
	for _, line := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		name, _, _ := strings.Cut(line, " ")
		bin, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		if err != nil {
			return nil, err
		}
		if len(bin) <= maxValue {
			values = append(values, value{name, bin})
		}
	}
	return values, nil
}
