// Package gamestate writes the game-state benchmark payload: an Array of
// player Dictionaries, byte for byte what Godot 4's var_to_bytes writes for
// the records built by player() in scripts/golden/common.gd.
package gamestate

import (
	"bytes"
	"io"
	"strconv"

	"github.com/gdvar/gdvar"
)

// Players is the record count of the full payload (about 16.5 MB).
const Players = 100_000

// Write writes an Array of n player records to w.
func Write(w io.Writer, n int) error {
	enc := gdvar.NewEncoder(w)
	if err := enc.WriteToken(gdvar.ArrayStartToken(n, gdvar.UntypedContainer)); err != nil {
		return err
	}
	var name []byte
	for i := range n {
		tags := []string{"blue"}
		if i%2 == 0 {
			tags[0] = "red"
		}
		if i%10 == 0 {
			tags = append(tags, "vip")
		}
		name = strconv.AppendInt(append(name[:0], "player_"...), int64(i), 10)
		toks := []gdvar.Token{
			gdvar.DictStartToken(6, gdvar.UntypedContainer, gdvar.UntypedContainer),
			gdvar.DictKeyToken, gdvar.StringToken("id"), gdvar.IntToken(int64(i)),
			gdvar.DictKeyToken, gdvar.StringToken("name"), gdvar.StringChunkToken(len(name), name),
			gdvar.DictKeyToken, gdvar.StringToken("pos"),
			gdvar.MathToken(gdvar.Vector3{X: float64(i) * 0.5, Y: 1, Z: float64(i) * -0.25}, gdvar.Single),
			gdvar.DictKeyToken, gdvar.StringToken("hp"), gdvar.FloatToken(100 - float64(i%200)*0.5),
			gdvar.DictKeyToken, gdvar.StringToken("tags"), gdvar.ArrayStartToken(len(tags), gdvar.UntypedContainer),
		}
		for _, tag := range tags {
			toks = append(toks, gdvar.StringToken(tag))
		}
		toks = append(toks, gdvar.ArrayEndToken,
			gdvar.DictKeyToken, gdvar.StringToken("alive"), gdvar.BoolToken(i%7 != 0),
			gdvar.DictEndToken)
		for _, t := range toks {
			if err := enc.WriteToken(t); err != nil {
				return err
			}
		}
	}
	if err := enc.WriteToken(gdvar.ArrayEndToken); err != nil {
		return err
	}
	return enc.Flush()
}

// Bytes returns the payload of n player records.
func Bytes(n int) []byte {
	var b bytes.Buffer
	if err := Write(&b, n); err != nil {
		panic(err) // writing valid tokens to a bytes.Buffer cannot fail
	}
	return b.Bytes()
}
