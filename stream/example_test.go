package stream_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

type record struct {
	Name  string
	Score int
}

// A save file as FileAccess.store_var writes it: framed values, one after
// another, read back with GetVar until io.EOF.
func ExampleReader_GetVar() {
	var file bytes.Buffer // an *os.File in a game tool
	w := stream.NewWriter(&file)
	for _, r := range []record{{"ada", 3}, {"bo", 5}} {
		if err := w.PutVar(r); err != nil {
			log.Fatal(err)
		}
	}
	r := stream.NewReader(&file)
	for {
		var rec record
		err := r.GetVar(&rec)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%+v\n", rec)
	}
	// Output:
	// {Name:ada Score:3}
	// {Name:bo Score:5}
}

// A relay that stores each frame as it came and sends it on later, byte
// for byte, checking on the way out that it holds one valid value.
func ExampleReader_ReadFrame() {
	var in, out bytes.Buffer // two connections in a server
	w := stream.NewWriter(&in)
	_ = w.PutVar("hello")
	_ = w.PutVar([]any{int64(1), 2.5})
	sent := bytes.Clone(in.Bytes())
	r := stream.NewReader(&in)
	var stored [][]byte
	for {
		body, err := r.ReadFrame()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		stored = append(stored, bytes.Clone(body)) // body is valid until the next call
	}
	forward := stream.NewWriter(&out)
	for _, body := range stored {
		err := forward.WriteFrameLen(int64(len(body)), func(enc *gdvar.Encoder) error {
			return gdvar.CopyValue(enc, gdvar.NewDecoderBytes(body))
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(len(stored), "frames forwarded, the same bytes:", bytes.Equal(sent, out.Bytes()))
	// Output: 2 frames forwarded, the same bytes: true
}

// A frame read token by token, however large, in bounded memory.
func ExampleReader_NextFrame() {
	var conn bytes.Buffer
	_ = stream.NewWriter(&conn).PutVar(map[string]any{"hp": int64(90)})
	dec, err := stream.NewReader(&conn).NextFrame()
	if err != nil {
		log.Fatal(err)
	}
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF { // the end of the frame
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(tok.Kind())
	}
	// Output:
	// DictStart
	// DictKey
	// String
	// Int32
	// DictEnd
}
