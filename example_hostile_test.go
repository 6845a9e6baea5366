package gdvar_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gdvar/gdvar"
)

// Show where each token of deeply nested input is, at a cost that does not
// grow with the depth.
func ExampleDecoder_AppendShortPath() {
	var v any = "deep"
	for range 20 {
		v = []any{v}
	}
	data, _ := gdvar.Marshal(v)
	dec := gdvar.NewDecoderBytes(data)
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if tok.Kind() == gdvar.KindString {
			fmt.Println(dec.Path())
			fmt.Printf("%s\n", dec.AppendShortPath(nil, 6))
		}
	}
	// Output:
	// $[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]
	// $[0][0][0]…(14)…[0][0][0]
}

// A Go value that contains itself cannot be written: Marshal says so
// instead of recursing for ever.
func ExampleErrCycle() {
	type node struct{ Next *node }
	n := &node{}
	n.Next = n
	_, err := gdvar.Marshal(n)
	fmt.Println(errors.Is(err, gdvar.ErrCycle))
	// Output:
	// true
}

// A read deadline part way through a value ends Decode for good: the part
// read is lost, so the Decoder must be discarded (for a connection: closed).
// Before the value's first token, the same deadline can simply be retried.
func ExampleErrInterrupted() {
	data, _ := gdvar.Marshal([]any{"a", "b"})
	conn := io.MultiReader(strings.NewReader(string(data[:12])), deadline{})
	dec := gdvar.NewDecoder(conn)
	var v any
	err := dec.Decode(&v)
	fmt.Println(errors.Is(err, gdvar.ErrInterrupted), errors.Is(err, os.ErrDeadlineExceeded))
	fmt.Println(dec.Decode(&v) == err)
	// Output:
	// true true
	// true
}

// deadline fails as a connection whose read deadline passed.
type deadline struct{}

func (deadline) Read([]byte) (int, error) { return 0, os.ErrDeadlineExceeded }

// Read a packet from an untrusted peer: one value and nothing after it,
// within tight limits. Whatever the packet holds, the error is typed and
// says where: the offset and the path.
func ExampleSingleValue() {
	// The settings are checked once, into a Codec shared by every packet.
	packets := gdvar.MustCodec(
		gdvar.SingleValue(true),
		gdvar.WithLimits(gdvar.Limits{MaxDepth: 4, MaxStringBytes: 64, MaxContainerLen: 16}),
	)
	good, _ := gdvar.Marshal(map[string]any{"hp": 7})
	var deep any = "bottom"
	for range 8 {
		deep = []any{deep}
	}
	tooDeep, _ := gdvar.Marshal(deep)
	tooLong, _ := gdvar.Marshal([]any{"ok", strings.Repeat("x", 100)})
	tooMany, _ := gdvar.Marshal(map[string]any{"items": make([]any, 20)})
	trailing := append(append([]byte(nil), good...), 0xde, 0xad, 0xbe, 0xef)

	for _, packet := range [][]byte{good, tooDeep, tooLong, tooMany, trailing} {
		var v any
		err := packets.NewDecoderBytes(packet).Decode(&v)
		var de *gdvar.DecodeError
		var le *gdvar.LimitError
		switch {
		case err == nil:
			fmt.Println("ok:", v)
		case errors.As(err, &le) && errors.As(err, &de):
			fmt.Printf("offset %d, %s: %s is %d, at most %d\n", de.Offset, de.Path, le.Limit, le.Value, le.Max)
		case errors.Is(err, gdvar.ErrTrailingData) && errors.As(err, &de):
			fmt.Printf("offset %d: %s after the value\n", de.Offset, de.Detail)
		case errors.As(err, &de):
			fmt.Printf("offset %d, %s: %s\n", de.Offset, de.Path, de.Detail)
		}
	}
	// Output:
	// ok: { "hp": 7 }
	// offset 40, $[0][0][0][0][0]: more than 4 nested containers
	// offset 24, $[1]: MaxStringBytes is 100, at most 64
	// offset 28, $["items"]: MaxContainerLen is 20, at most 16
	// offset 28: 4 bytes after the value
}
