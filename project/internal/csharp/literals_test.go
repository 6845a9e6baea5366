package csharp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Regular and verbatim literals are decoded as the compiler decodes
// them, each with the calls it is an argument of; interpolated and raw
// ones, comments and preprocessor branches not taken are left out.
func TestLiterals(t *testing.T) {
	src := `// "res://comment.tscn"
#if NEVER
#else
#endif
class A {
	void F() {
		GetTree().ChangeSceneToPacked(GD.Load<PackedScene>("res://a\x2e\u0074scn"));
		var v = @"C:\""q""";
		var i = $"res://{x}.tscn";
		var r = """raw""";
		Use(new[] { "\U0001F600" });
	}
}
`
	assert.Equal(t, []Literal{
		{Value: "res://a.tscn", Line: 7, Call: "Load", Outer: "ChangeSceneToPacked"},
		{Value: `C:\"q"`, Line: 8},
		{Value: "😀", Line: 11, Outer: "Use"},
	}, Literals(src, 64))
}

// An escape the compiler refuses makes no literal.
func TestDecodeString(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ok         bool
	}{
		{`"a\tb"`, "a\tb", true},
		{`"\x41\x4142"`, "A\u4142", true}, // \x takes up to four digits
		{`"\q"`, "", false},
		{`"\u12"`, "", false},
		{`"\U00110000"`, "", false},
		{`@"a""b"`, `a"b`, true},
		{`$"a"`, "", false},
	} {
		got, ok := decodeString(c.text)
		assert.Equal(t, c.ok, ok, c.text)
		assert.Equal(t, c.want, got, c.text)
	}
}
