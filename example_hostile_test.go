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
