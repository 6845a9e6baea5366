package scan_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/scan"
	"github.com/gdvar/gdvar/stream"
)

// Refuse a save file that would run code when the game loads it with
// get_var(true).
func ExampleSave() {
	var save bytes.Buffer // as FileAccess.store_var(value, true) writes it
	w, err := stream.NewWriter(&save, stream.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))))
	if err != nil {
		panic(err)
	}
	w.PutVar(map[string]any{"gold": int64(10)})
	w.PutVar(&gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "script", Value: "res://mod.gd"}}})

	found, err := scan.Save(&save)
	if err != nil {
		panic(err)
	}
	for _, f := range found {
		fmt.Println(f)
	}
	// Output:
	// value 2 $: object Node
	// value 2 $.script: script (loads res://mod.gd)
}

// A ConfigFile can load resources and make objects too.
func ExampleConfigFile() {
	text := "[mods]\n\nskin=Resource(\"res://skins/red.tres\")\nvolume=0.8\n"
	found, _ := scan.ConfigFile(strings.NewReader(text))
	for _, f := range found {
		fmt.Println(f.Kind, f.Where, f.Detail)
	}
	// Output: resource [mods] skin loads res://skins/red.tres
}
