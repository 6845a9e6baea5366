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
	w, err := stream.NewWriter(&file)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range []record{{"ada", 3}, {"bo", 5}} {
		if err := w.PutVar(r); err != nil {
			log.Fatal(err)
		}
	}
	r, err := stream.NewReader(&file)
	if err != nil {
		log.Fatal(err)
	}
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
	w, err := stream.NewWriter(&in)
	if err != nil {
		log.Fatal(err)
	}
	_ = w.PutVar("hello")
	_ = w.PutVar([]any{int64(1), 2.5})
	sent := bytes.Clone(in.Bytes())
	r, err := stream.NewReader(&in)
	if err != nil {
		log.Fatal(err)
	}
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
	forward, err := stream.NewWriter(&out)
	if err != nil {
		log.Fatal(err)
	}
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
	w, err := stream.NewWriter(&conn)
	if err != nil {
		log.Fatal(err)
	}
	_ = w.PutVar(map[string]any{"hp": int64(90)})
	r, err := stream.NewReader(&conn)
	if err != nil {
		log.Fatal(err)
	}
	dec, err := r.NextFrame()
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

// A Reader of a Godot 3 game's frames: gdvar's settings come as a Codec,
// checked once, the Reader's own beside them. Another package's option
// does not compile here: stream.NewReader(conn, gdvar.WithEngine(gdvar.Godot3))
// is a type error.
func ExampleNewReader() {
	godot3, err := gdvar.NewCodec(gdvar.WithEngine(gdvar.Godot3))
	if err != nil {
		log.Fatal(err) // an invalid option (an unknown engine, a negative limit)
	}
	var conn bytes.Buffer
	w, err := stream.NewWriter(&conn, stream.WithCodec(godot3))
	if err != nil {
		log.Fatal(err)
	}
	_ = w.PutVar(gdvar.NewDictionary("hp", int64(90)))
	fmt.Println("type", conn.Bytes()[4], "is Godot 3's Dictionary")

	r, err := stream.NewReader(&conn, stream.WithCodec(godot3), stream.WithMaxFrame(1<<20))
	if err != nil {
		log.Fatal(err)
	}
	var hp map[string]int
	if err := r.GetVar(&hp); err != nil {
		log.Fatal(err)
	}
	fmt.Println(hp)

	_, err = stream.NewReader(&conn, stream.WithMaxFrame(0))
	fmt.Println(err)
	// Output:
	// type 18 is Godot 3's Dictionary
	// map[hp:90]
	// gdvar: invalid option: stream.WithMaxFrame(0): want at least 1
}
