package migrate_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/migrate"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
)

// A Godot 3 save file, encrypted with a password, becomes the Godot 4 one
// Godot 4's FileAccess.open_encrypted_with_pass and get_var read.
func ExampleSave() {
	godot3Save := encryptedGodot3Save() // as File.open_encrypted_with_pass and store_var wrote it

	in, err := fileaccess.NewReader(bytes.NewReader(godot3Save), fileaccess.WithPassword("hunter2"))
	if err != nil {
		log.Fatal(err)
	}
	out, err := os.CreateTemp("", "save4-*.dat") // the encrypted container seeks back to its header
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(out.Name())
	defer out.Close()
	w, err := fileaccess.NewEncryptedWriter(out, fileaccess.WithPassword("hunter2")) // Godot 4's layout
	if err != nil {
		log.Fatal(err)
	}
	if err := migrate.Save(w, in); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	// What Godot 4 reads of it.
	out.Seek(0, io.SeekStart)
	plain, err := fileaccess.NewReader(out, fileaccess.WithPassword("hunter2"))
	if err != nil {
		log.Fatal(err)
	}
	records, err := stream.NewReader(plain)
	if err != nil {
		log.Fatal(err)
	}
	for {
		var v any
		if err := records.GetVar(&v); err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%T %v\n", v, v)
	}
	// Output:
	// gdvar.Quaternion {0 0 0.7071067690849304 0.7071067690849304}
	// []int32 [3 1 4]
	// gdvar.RID 0
}

// encryptedGodot3Save returns a save file as Godot 3 writes it.
func encryptedGodot3Save() []byte {
	f, err := os.CreateTemp("", "save3-*.dat")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	w, err := fileaccess.NewEncryptedWriter(f, fileaccess.WithPassword("hunter2"), fileaccess.WithEngine(gdvar.Godot3))
	if err != nil {
		log.Fatal(err)
	}
	records, err := stream.NewWriter(w, stream.WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))))
	if err != nil {
		log.Fatal(err)
	}
	for _, v := range []any{gdvar.Quaternion{Z: 0.70710677, W: 0.70710677}, []int32{3, 1, 4}, gdvar.RID(0)} {
		if err := records.PutVar(v); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	b, err := os.ReadFile(f.Name())
	if err != nil {
		log.Fatal(err)
	}
	return b
}

// A Godot 3 ConfigFile: the values take Godot 4's types and text, and
// the key binding Godot 4's property names and key codes.
func ExampleConfigFile() {
	text := `[player]

spawn=Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 4.5, 0, -2 )
visited=PoolIntArray( 1, 2, 3 )

[controls]

jump=Object(InputEventKey,"resource_local_to_scene":false,"resource_name":"","device":0,"alt":false,"shift":false,"control":true,"meta":false,"command":true,"pressed":false,"scancode":16777221,"physical_scancode":0,"unicode":0,"echo":false,"script":null)
`
	f, err := configfile.Read(strings.NewReader(text), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	if err != nil {
		log.Fatal(err)
	}
	g, err := migrate.ConfigFile(f)
	if err != nil {
		log.Fatal(err)
	}
	g.WriteTo(os.Stdout)
	// Output:
	// [player]
	//
	// spawn=Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 4.5, 0, -2)
	// visited=PackedInt32Array(1, 2, 3)
	//
	// [controls]
	//
	// jump=Object(InputEventKey,"resource_local_to_scene":false,"resource_name":"","device":0,"alt_pressed":false,"shift_pressed":false,"ctrl_pressed":true,"meta_pressed":false,"command":true,"pressed":false,"keycode":4194309,"physical_keycode":0,"unicode":0,"echo":false,"script":null)
}

func ExampleClass() {
	for _, c := range []string{"Reference", "KinematicBody", "Spatial", "Resource"} {
		fmt.Println(c, "→", migrate.Class(c))
	}
	// Output:
	// Reference → RefCounted
	// KinematicBody → CharacterBody3D
	// Spatial → Node3D
	// Resource → Resource
}

// A Godot 3 resource: format 3, its classes renamed, its metadata in
// metadata/NAME properties (Godot 4 drops __meta__).
func ExampleResource() {
	text := `[gd_resource type="Resource" load_steps=2 format=2]

[sub_resource type="ShortCut" id=1]
shortcut = null

[resource]
__meta__ = {
"menu": SubResource( 1 ),
"spawn": Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 4.5, 0, -2 )
}
`
	f, err := resource.Read(strings.NewReader(text))
	if err != nil {
		log.Fatal(err)
	}
	g, err := migrate.Resource(f)
	if err != nil {
		log.Fatal(err)
	}
	g.WriteText(os.Stdout)
	// Output:
	// [gd_resource type="Resource" format=3]
	//
	// [sub_resource type="Shortcut" id="1"]
	// events = []
	//
	// [resource]
	// metadata/menu = SubResource("1")
	// metadata/spawn = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 4.5, 0, -2)
}

func ExampleValue() {
	v, err := migrate.Value(&gdvar.Object{Class: "InputEventKey", Properties: []gdvar.Property{
		{Name: "control", Value: true},
		{Name: "scancode", Value: int64(16777217)}, // KEY_ESCAPE in Godot 3
	}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.(*gdvar.Object).Properties)
	// Output:
	// [{ctrl_pressed true} {keycode 4194305}]
}
