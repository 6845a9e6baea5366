package fileaccess_test

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/stream"
)

// A save file Godot 4.6 wrote with FileAccess.open_encrypted_with_pass and
// store_var: the Reader decrypts it, stream.Reader reads its records.
func Example_readEncryptedSave() {
	f, err := os.Open(filepath.Join("testdata", "godot4", "pass.bin"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	plain, err := fileaccess.NewReader(f, fileaccess.WithPassword("hunter2"))
	if err != nil {
		log.Fatal(err)
	}
	records, err := stream.NewReader(plain)
	if err != nil {
		log.Fatal(err)
	}
	var first, second any
	if err := records.GetVar(&first); err != nil {
		log.Fatal(err)
	}
	if err := records.GetVar(&second); err != nil {
		log.Fatal(err)
	}
	fmt.Println(plain.Container(), first, second)
	// Output: encrypted <nil> true
}

// Writing a save file Godot opens with FileAccess.open_compressed(path,
// FileAccess.READ, FileAccess.COMPRESSION_ZSTD), then reading it back.
func ExampleNewCompressedWriter() {
	path := filepath.Join(os.TempDir(), "example-save.bin")
	defer os.Remove(path)
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	cw, err := fileaccess.NewCompressedWriter(f, fileaccess.Zstd)
	if err != nil {
		log.Fatal(err)
	}
	records, err := stream.NewWriter(cw)
	if err != nil {
		log.Fatal(err)
	}
	for _, v := range []any{map[string]any{"gold": 120}, "checkpoint-3"} {
		if err := records.PutVar(v); err != nil {
			log.Fatal(err)
		}
	}
	if err := cw.Close(); err != nil { // the header and table go in front of the blocks
		log.Fatal(err)
	}
	f.Close()

	f, err = os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r, err := fileaccess.NewReader(f)
	if err != nil {
		log.Fatal(err)
	}
	var state map[string]int
	var checkpoint string
	in, err := stream.NewReader(r)
	if err != nil {
		log.Fatal(err)
	}
	if err := in.GetVar(&state); err != nil {
		log.Fatal(err)
	}
	if err := in.GetVar(&checkpoint); err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Container(), state["gold"], checkpoint)
	// Output: compressed 120 checkpoint-3
}

// A compressed save declaring more content than the Reader accepts fails
// at its header, before any block is decompressed.
func ExampleWithMaxContentSize() {
	var file bytes.Buffer
	cw, err := fileaccess.NewCompressedWriter(&file, fileaccess.Zstd)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := cw.Write(make([]byte, 1<<20)); err != nil {
		log.Fatal(err)
	}
	if err := cw.Close(); err != nil {
		log.Fatal(err)
	}
	_, err = fileaccess.NewReader(bytes.NewReader(file.Bytes()), fileaccess.WithMaxContentSize(64<<10))
	fmt.Println(errors.Is(err, fileaccess.ErrContentTooLarge))
	// Output: true
}
