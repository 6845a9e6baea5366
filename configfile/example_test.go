package configfile_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
)

// Read a settings file, change a key and write it back as the engine
// saves it.
func Example() {
	text := "[audio]\n\nvolume=0.8\nmuted=false\n\n[player]\n\nname=\"Ada\"\npos=Vector2(1, 2)\n"
	f, err := configfile.Read(strings.NewReader(text))
	if err != nil {
		panic(err)
	}
	v, _ := f.Get("audio", "volume")
	fmt.Println("volume:", v)
	f.Set("audio", "volume", 0.5)
	f.Set("player", "level", int64(3))
	f.WriteTo(os.Stdout)
	// Output:
	// volume: 0.8
	// [audio]
	//
	// volume=0.5
	// muted=false
	//
	// [player]
	//
	// name="Ada"
	// pos=Vector2(1, 2)
	// level=3
}

// A Godot 3 game's settings: the text's options, vartext's, go through
// WithText. They do not compile given directly: configfile.Read(r,
// vartext.WithDialect(vartext.Godot3)) is a type error.
func ExampleWithText() {
	text := "[display]\n\nsize=Vector2( 1280, 720 )\n"
	f, err := configfile.Read(strings.NewReader(text), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	if err != nil {
		panic(err)
	}
	f.Set("display", "fullscreen", true)
	f.WriteTo(os.Stdout)
	// Output:
	// [display]
	//
	// size=Vector2( 1280, 720 )
	// fullscreen=true
}

// A file saved with save_encrypted_pass is package fileaccess's container
// around the same text.
func Example_encrypted() {
	path := filepath.Join(os.TempDir(), "settings.cfg")
	defer os.Remove(path)
	var f configfile.File // the zero File writes Godot 4's form
	f.Set("audio", "volume", 0.8)
	out, _ := os.Create(path)
	w, err := fileaccess.NewEncryptedWriter(out, fileaccess.WithPassword("secret"))
	if err != nil {
		panic(err)
	}
	f.WriteTo(w)
	w.Close()
	out.Close()

	in, _ := os.Open(path)
	defer in.Close()
	r, err := fileaccess.NewReader(in, fileaccess.WithPassword("secret"))
	if err != nil {
		panic(err)
	}
	text, _ := io.ReadAll(r)
	back, _ := configfile.Read(strings.NewReader(string(text)))
	v, _ := back.Get("audio", "volume")
	fmt.Println(v)
	// Output: 0.8
}

// A File's JSON form, {"section": {"key": value}}, holds each value in
// package varjson's lossless form, and reads back into a File that writes
// the same text.
func ExampleFile_MarshalJSON() {
	f, err := configfile.Read(strings.NewReader("[player]\n\nname=\"Ada\"\npos=Vector2(1, 2)\n"))
	if err != nil {
		panic(err)
	}
	js, _ := f.MarshalJSON()
	fmt.Println(string(js))

	var back configfile.File
	if err := back.UnmarshalJSON([]byte(`{"player":{"name":"Ada","level":3}}`)); err != nil {
		panic(err)
	}
	back.WriteTo(os.Stdout)
	// Output:
	// {"player":{"name":"Ada","pos":{"$Vector2":[1.0,2.0]}}}
	// [player]
	//
	// name="Ada"
	// level=3
}
