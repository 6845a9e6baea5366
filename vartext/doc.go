// Package vartext reads and writes Godot's text form of Variant values: what
// var_to_str prints and str_to_var reads (var2str and str2var in Godot 3),
// the syntax of Godot's .tres and project files.
//
// [Marshal] prints a value exactly as the engine does for the chosen [Dialect],
// down to float formatting and dictionary key order; the tests compare it
// with text the real engines wrote, for hand-made and random values. An
// [Encoder] prints from gdvar tokens as they come (from a gdvar.Decoder, say)
// and holds only the Dictionary being printed. [Unmarshal] parses that text
// back. The text form is not lossless: it does not keep dictionary order
// (keys are printed sorted), int and float width, -0.0, the exact digits of
// floats in Godot 3, RIDs in Godot 3, or a Signal's name and object. For a
// lossless text form see package varjson.
//
// Where gdvar's text differs from the engine's on purpose:
//
//   - An object's property name holding a backslash or a double quote is
//     escaped as in a String. The engine writes names as they are, which
//     makes text that its own str_to_var cannot read; no other name changes.
//   - A Dictionary whose keys Godot's comparison does not order (Godot 3's
//     Arrays, which it finds less than themselves, NaN keys, Godot 4's
//     String and StringName mixed with other types) can make the engine's
//     sort take time quadratic in the number of keys. gdvar follows the
//     engine's sort step by step, but within a budget of comparisons of a
//     few times n·log2(n) for n keys (counting the elements of Array keys):
//     past it, that Dictionary's keys are printed in their own order, the
//     order of the binary form.
//   - Where the engine's order depends on memory addresses (Godot 4
//     StringNames inside Array keys, Godot 3 objects as keys, Godot 3 pool
//     array keys of which one is a prefix of the other) the text follows
//     the rule order.go states.
//   - Keys the engine finds equal once decoded (Strings that differ only by
//     a leading byte order mark or what follows a NUL, which the engine
//     drops, a -0.0 and a 0.0, or a String and a StringName of the same
//     text in Godot 4) make one entry, as in the engine: the first one's
//     place and key with the last one's value. Godot 3 makes such a binary
//     form itself (str2var keeps a key's leading byte order mark). Keys
//     holding a Dictionary, an object, a RID, a Callable or a Signal are
//     never merged, as their content is not kept for sorting.
package vartext
