package peers

import (
	"time"

	"github.com/gdvar/gdvar"
)

// The small messages of issue 24, tagged alike for every codec so that all
// of them write the same keys. tinylib/msgp generates its code for these
// types as the reference floor (small_records_gen.go); gdvar.Vector2 and
// Vector3 go through msgp as Vec2 and Vec3, which have the same fields.

//go:generate go run github.com/tinylib/msgp@v1.6.5 -file small_records.go -o small_records_gen.go -tests=false -io=false

//msgp:replace gdvar.Vector2 with:Vec2
//msgp:replace gdvar.Vector3 with:Vec3
//msgp:tuple Triple

// Record is the record of the public Go serialization benchmarks without
// its time, plus an ID: six fields.
type Record struct {
	Name     string  `gdvar:"name" json:"name" msgpack:"name" cbor:"name" msg:"name"`
	Phone    string  `gdvar:"phone" json:"phone" msgpack:"phone" cbor:"phone" msg:"phone"`
	Siblings int     `gdvar:"siblings" json:"siblings" msgpack:"siblings" cbor:"siblings" msg:"siblings"`
	Spouse   bool    `gdvar:"spouse" json:"spouse" msgpack:"spouse" cbor:"spouse" msg:"spouse"`
	Money    float64 `gdvar:"money" json:"money" msgpack:"money" cbor:"money" msg:"money"`
	ID       int64   `gdvar:"id" json:"id" msgpack:"id" cbor:"id" msg:"id"`
}

// RecordTime is the record of the public Go serialization benchmarks.
type RecordTime struct {
	Name     string    `gdvar:"name" json:"name" msgpack:"name" cbor:"name" msg:"name"`
	BirthDay time.Time `gdvar:"birthday" json:"birthday" msgpack:"birthday" cbor:"birthday" msg:"birthday"`
	Phone    string    `gdvar:"phone" json:"phone" msgpack:"phone" cbor:"phone" msg:"phone"`
	Siblings int       `gdvar:"siblings" json:"siblings" msgpack:"siblings" cbor:"siblings" msg:"siblings"`
	Spouse   bool      `gdvar:"spouse" json:"spouse" msgpack:"spouse" cbor:"spouse" msg:"spouse"`
	Money    float64   `gdvar:"money" json:"money" msgpack:"money" cbor:"money" msg:"money"`
}

// PlayerUpdate is an input and position update, as a game sends many times
// a second.
type PlayerUpdate struct {
	ID    int64         `gdvar:"id" json:"id" msgpack:"id" cbor:"id" msg:"id"`
	Pos   gdvar.Vector3 `gdvar:"pos" json:"pos" msgpack:"pos" cbor:"pos" msg:"pos"`
	Vel   gdvar.Vector3 `gdvar:"vel" json:"vel" msgpack:"vel" cbor:"vel" msg:"vel"`
	Rot   float64       `gdvar:"rot" json:"rot" msgpack:"rot" cbor:"rot" msg:"rot"`
	Input int64         `gdvar:"input" json:"input" msgpack:"input" cbor:"input" msg:"input"`
}

// Triple is the 3-element Array [int, String, Vector2]. gdvar and the
// binary peers write it as an array (gdvar's ",array" marker, msgpack
// as_array, CBOR toarray, msgp tuple); the JSON codecs have no such form
// and write an object.
type Triple struct {
	//lint:ignore U1000 vmihailenco/msgpack reads this field's tag
	_msgpack struct{}      `msgpack:",as_array"`
	_        struct{}      `cbor:",toarray" gdvar:",array"`
	N        int64         `json:"n"`
	S        string        `json:"s"`
	V        gdvar.Vector2 `json:"v"`
}

// Dict5 is the 5-key Dictionary.
type Dict5 struct {
	ID    int64         `gdvar:"id" json:"id" msgpack:"id" cbor:"id" msg:"id"`
	Name  string        `gdvar:"name" json:"name" msgpack:"name" cbor:"name" msg:"name"`
	HP    float64       `gdvar:"hp" json:"hp" msgpack:"hp" cbor:"hp" msg:"hp"`
	Alive bool          `gdvar:"alive" json:"alive" msgpack:"alive" cbor:"alive" msg:"alive"`
	Pos   gdvar.Vector2 `gdvar:"pos" json:"pos" msgpack:"pos" cbor:"pos" msg:"pos"`
}

// Entry is one small Dictionary of a Batch.
type Entry struct {
	ID   int64   `gdvar:"id" json:"id" msgpack:"id" cbor:"id" msg:"id"`
	Name string  `gdvar:"name" json:"name" msgpack:"name" cbor:"name" msg:"name"`
	HP   float64 `gdvar:"hp" json:"hp" msgpack:"hp" cbor:"hp" msg:"hp"`
}

// Batch is the 20-element Array of small Dictionaries.
type Batch []Entry

// Vec2 is gdvar.Vector2 for msgp, which writes it as a map of X and Y as
// the reflection-based peers do.
type Vec2 struct{ X, Y float64 }

// Vec3 is gdvar.Vector3 for msgp.
type Vec3 struct{ X, Y, Z float64 }
