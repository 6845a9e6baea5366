package resource

import (
	"strings"

	"github.com/gdvar/gdvar"
)

// A TileSet and its TileSetAtlasSources list properties they have as they
// are, in places of their own: a TileSet its layers and sources before its
// tile_proxies and its patterns (pattern_N) after all else; an atlas
// source each tile alternative ("x:y/alternative") then the properties of
// its TileData and, as every Object ends its list, the TileData's script
// (null, which the binary form writes), then its metadata.

// tileAlternative returns the tile alternative ("x:y/alternative") a
// TileSetAtlasSource's property belongs to: the alternative itself, or a
// property of its TileData ("x:y/alternative/terrain").
func tileAlternative(class, name string) (string, bool) {
	if class != "TileSetAtlasSource" {
		return "", false
	}
	coords, rest, ok := strings.Cut(name, "/")
	x, y, ok2 := strings.Cut(coords, ":")
	alt, _, _ := strings.Cut(rest, "/")
	if !ok || !ok2 || !allDigits(x) || !allDigits(y) || !allDigits(alt) {
		return "", false
	}
	return name[:len(coords)+1+len(alt)], true
}

// tileScriptAfter returns the name of a tile alternative's script, which
// the binary form writes null after property i of props (a
// TileSetAtlasSource's), if the alternative's properties end there, or
// its metadata comes next, and props do not hold it.
func tileScriptAfter(class string, props []gdvar.Property, i int) (string, bool) {
	alt, ok := tileAlternative(class, props[i].Name)
	if !ok || strings.HasPrefix(props[i].Name, alt+"/metadata/") || props[i].Name == alt+"/script" {
		return "", false
	}
	if i+1 < len(props) {
		next := props[i+1].Name
		if strings.HasPrefix(next, alt+"/") && !strings.HasPrefix(next, alt+"/metadata/") {
			return "", false // more of the alternative's, or its script
		}
	}
	return alt + "/script", true
}

// listedLast reports whether the class lists its property name after all
// those it always has, where it lists others it has as it is elsewhere
// (class.dynamicAt): a TileSet's patterns.
func listedLast(class, name string) bool {
	return class == "TileSet" && strings.HasPrefix(name, "pattern_")
}
