package gdvar_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/gdvar/gdvar"
)

// Read the tokens of a value Godot wrote with var_to_bytes([7, "hi"]).
func ExampleDecoder_ReadToken() {
	data := []byte{
		0x1c, 0, 0, 0, 2, 0, 0, 0, // Array of 2
		2, 0, 0, 0, 7, 0, 0, 0, // int 7
		4, 0, 0, 0, 2, 0, 0, 0, 'h', 'i', 0, 0, // "hi"
	}
	dec := gdvar.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-16s at %s\n", tok, dec.Path())
	}
	// Output:
	// ArrayStart(2)    at $
	// Int32(7)         at $[0]
	// String("hi")     at $[1]
	// ArrayEnd         at $
}

// Write {"pos": Vector3(1, 2, 3), "hp": 87.5} as Godot's var_to_bytes does.
func ExampleEncoder_WriteToken() {
	var out bytes.Buffer
	enc := gdvar.NewEncoder(&out)
	for _, tok := range []gdvar.Token{
		gdvar.DictStartToken(2, gdvar.UntypedContainer, gdvar.UntypedContainer),
		gdvar.DictKeyToken, gdvar.StringToken("pos"), gdvar.MathToken(gdvar.Vector3{X: 1, Y: 2, Z: 3}, gdvar.Single),
		gdvar.DictKeyToken, gdvar.StringToken("hp"), gdvar.FloatToken(87.5),
		gdvar.DictEndToken,
	} {
		if err := enc.WriteToken(tok); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Printf("% x\n", out.Bytes()[:8])
	fmt.Println(out.Len(), "bytes")
	// Output:
	// 1b 00 00 00 02 00 00 00
	// 56 bytes
}

// Stream a large PackedFloat32Array without holding it: chunks are written
// as they come.
func ExampleEncoder_WriteToken_chunked() {
	enc := gdvar.NewEncoder(io.Discard)
	const n = 1 << 20
	chunk := make([]float32, 4096)
	err := enc.WriteToken(gdvar.PackedStartToken(gdvar.TypePackedFloat32Array, n, gdvar.Single))
	for i := 0; i < n && err == nil; i += len(chunk) {
		err = enc.WriteToken(gdvar.ChunkToken(chunk))
	}
	if err == nil {
		err = enc.WriteToken(gdvar.PackedEndToken)
	}
	fmt.Println(enc.OutputOffset(), err)
	// Output: 4194312 <nil>
}

// A producer that learns counts only at the end (a parser, a query result)
// writes them as DeferredCount, to a file the Encoder seeks back in.
func ExampleDeferredCount() {
	f, err := os.CreateTemp("", "example-*.bin")
	if err != nil {
		panic(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	enc := gdvar.NewEncoder(f)
	_ = enc.WriteToken(gdvar.ArrayStartToken(gdvar.DeferredCount, gdvar.UntypedContainer))
	for _, line := range strings.Fields("one two three") { // as they come
		_ = enc.WriteToken(gdvar.StringChunkToken(gdvar.DeferredCount, []byte(line[:1])))
		_ = enc.WriteToken(gdvar.StringChunkToken(len(line), []byte(line[1:]))) // the length, at last
	}
	if err := enc.WriteToken(gdvar.ArrayEndToken); err != nil {
		panic(err)
	}
	data, _ := os.ReadFile(f.Name())
	var v []string
	fmt.Println(gdvar.Unmarshal(data, &v), v, len(data))
	// Output: <nil> [one two three] 48
}

// Errors say where and what, and match the sentinels.
func ExampleDecodeError() {
	data := []byte{0x1c, 0, 0, 0, 1, 0, 0, 0, 99, 0, 0, 0} // [<type 99>]
	err := gdvar.NewDecoderBytes(data).SkipValue()
	var se *gdvar.DecodeError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Path, errors.Is(err, gdvar.ErrInvalidType))
	}
	fmt.Println(err)
	// Output:
	// 8 $[0] true
	// gdvar: offset 8, at $[0]: invalid type: type number 99
}

// Decode one framed value from a connection without reading past it:
// StreamPeer.put_var sends a length, then the value.
func ExampleWithInputLimit() {
	client, server := net.Pipe()
	go func() {
		client.Write([]byte{8, 0, 0, 0, 2, 0, 0, 0, 42, 0, 0, 0}) // put_var(42)
		client.Close()
	}()
	var length [4]byte
	if _, err := io.ReadFull(server, length[:]); err != nil {
		fmt.Println(err)
		return
	}
	n := int64(length[0]) | int64(length[1])<<8 | int64(length[2])<<16 | int64(length[3])<<24
	dec := gdvar.MustCodec(gdvar.WithInputLimit(n)).NewDecoder(server)
	tok, err := dec.ReadToken()
	fmt.Println(tok, err)
	// Output: Int32(42) <nil>
}

// A hostile length fails with a limit error naming the limit, before any of
// the payload is read.
func ExampleLimits() {
	data := []byte{4, 0, 0, 0, 0, 0, 0, 0x10} // a String of 256 MiB
	dec := gdvar.MustCodec(gdvar.WithLimits(gdvar.Limits{MaxStringBytes: 1 << 20})).NewDecoderBytes(data)
	_, err := dec.ReadToken()
	var le *gdvar.LimitError
	fmt.Println(errors.As(err, &le), le.Limit, le.Value, le.Max)
	// Output: true MaxStringBytes 268435456 1048576
}

// Copy values from one stream to another, checking them on the way.
func ExampleCopyValue() {
	in := bytes.NewReader([]byte{2, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0}) // 7, then null
	var out bytes.Buffer
	dec, enc := gdvar.NewDecoder(in), gdvar.NewEncoder(&out)
	for {
		if err := gdvar.CopyValue(enc, dec); err != nil {
			fmt.Println(err == io.EOF, out.Len())
			return
		}
	}
	// Output: true 12
}
