package project

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"

	"github.com/gdvar/gdvar/project/internal/source"
)

// A Godot 3 project (project.godot's config_version below 5) has scripts
// in GDScript 1, whose declarations differ: `export var x = 1`,
// `export(Resource) var r`. For resources, only what its scripts store
// matters, so that is all this file reads of them.

// Engine returns the engine major version the project is for, by its
// project.godot's config_version: [gdvar.Godot3] below 5, else
// [gdvar.Godot4]. The engine reads the project's text resources in that
// version's form, even an older one's (a format=2 file in a Godot 4
// project).
func (p *Project) Engine() gdvar.Engine {
	if p.godot3() {
		return gdvar.Godot3
	}
	return gdvar.Godot4
}

// godot3 says the project is a Godot 3 project, by its project.godot.
func (p *Project) godot3() bool { return p.readSettings().godot3 }

// settingsRead is what is taken of project.godot's text, read once:
// each resource and property a save asks about asks which engine the
// project is for.
type settingsRead struct {
	godot3 bool // config_version below 5
	// classes3 are a Godot 3 project's global classes, their scripts by
	// class_name (globalClass3), once made.
	classes3 map[string]string
}

// readSettings reads project.godot once (as empty if it cannot be).
func (p *Project) readSettings() *settingsRead {
	if p.settings != nil {
		return p.settings
	}
	b, _ := readLimited(filepath.Join(p.Dir, "project.godot"), p.limits.MaxFileBytes)
	p.settings = &settingsRead{}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "config_version="); ok {
			n, err := strconv.Atoi(v)
			p.settings.godot3 = err == nil && n < 5
			break
		}
	}
	return p.settings
}

// script3Read is a Godot 3 script read, or why it could not be, and what
// storedProperties3 made of it, once asked.
type script3Read struct {
	script     *script3
	err        error
	stored     []resource.ScriptProperty
	storedErr  error
	storedMade bool
}

// readScript3 reads the Godot 3 script at a res:// path, once.
func (p *Project) readScript3(path string) *script3Read {
	if key, err := p.readKey(path); err == nil {
		path = key
	}
	if r, ok := p.scripts3[path]; ok {
		return r
	}
	r := &script3Read{}
	src, err := p.readFile(path)
	if err != nil {
		r.err = &ScriptError{Path: path, Message: err.Error(), Err: err}
	} else {
		r.script, r.err = parseScript3(src, path)
	}
	if p.scripts3 == nil {
		p.scripts3 = map[string]*script3Read{}
	}
	p.scripts3[path] = r
	return r
}

// storedProperties3 returns the variables a Godot 3 script and its bases
// export, as the engine lists them: the bases' first, each script's in
// declaration order. A base named by its class_name is found in
// project.godot's list of global classes, as Godot 3 keeps it. Each
// script is read once, and the list made once for each script asked of.
func (p *Project) storedProperties3(script string) ([]resource.ScriptProperty, error) {
	r := p.readScript3(script)
	if !r.storedMade {
		r.stored, r.storedErr = p.chain3(script)
		r.storedMade = true
	}
	return r.stored, r.storedErr
}

// chain3 makes storedProperties3's list.
func (p *Project) chain3(script string) ([]resource.ScriptProperty, error) {
	var chain [][]exported3
	seen := map[string]bool{}
	for path := script; path != ""; {
		if seen[path] || len(chain) >= p.limits.MaxDepth {
			return nil, &ScriptError{Path: path, Message: "the script's bases form a loop or nest too deep", Err: ErrTooDeep}
		}
		seen[path] = true
		r := p.readScript3(path)
		if r.err != nil {
			return nil, r.err
		}
		s := r.script
		chain = append(chain, s.exports)
		from := path
		switch path = s.extends; {
		case s.extendsClass != "":
			path = p.globalClass3(s.extendsClass)
		case path != "" && !strings.HasPrefix(path, "res://"):
			path = from[:strings.LastIndexByte(from, '/')+1] + path
		}
	}
	n := 0
	for _, exports := range chain {
		n += len(exports)
	}
	out := make([]resource.ScriptProperty, 0, n)
	for i := len(chain) - 1; i >= 0; i-- {
		for _, e := range chain[i] {
			out = append(out, resource.ScriptProperty{Name: e.name, Object: e.object})
		}
	}
	return out, nil
}

// globalClass3 is the script of a class_name in a Godot 3 project, as
// project.godot lists it in _global_script_classes, or "" for an engine
// class. The list is read once, as ScriptServer::init_languages reads it:
// an entry without its class, base, language and path is passed over,
// and of a name listed twice the last is kept.
func (p *Project) globalClass3(name string) string {
	settings := p.readSettings()
	if settings.classes3 == nil {
		settings.classes3 = map[string]string{}
		list, _ := p.setting("", "_global_script_classes").([]any)
		for _, e := range list {
			d, ok := e.(*gdvar.Dictionary)
			if !ok {
				continue
			}
			class, hasClass := d.Get("class")
			path, hasPath := d.Get("path")
			_, hasBase := d.Get("base")
			_, hasLanguage := d.Get("language")
			if hasClass && hasPath && hasBase && hasLanguage {
				class, _ := class.(string)
				path, _ := path.(string)
				settings.classes3[class] = path
			}
		}
	}
	return settings.classes3[name]
}

// script3 is what storedProperties3 needs of a Godot 3 script.
type script3 struct {
	extends      string // the base script's path, as written
	extendsClass string // or the base class's name
	exports      []exported3
}

// exported3 is a variable a Godot 3 script exports: smaller than a
// [resource.ScriptProperty], as a script may export many.
type exported3 struct {
	name   string
	object bool
}

// parseScript3 reads a Godot 3 script's extends and export statements:
// the statements that start a line outside any bracket or string.
func parseScript3(src []byte, path string) (*script3, error) {
	s := &script3{}
	statements := statements3(src)
	consts := constants3(statements)
	for at, st := range statements {
		i, word, rest := st.line, "", ""
		word, rest = cutWord(st.text)
		switch word {
		case "extends":
			base := strings.TrimSpace(rest)
			switch {
			case strings.HasPrefix(base, `"`) || strings.HasPrefix(base, "'"):
				end := strings.IndexByte(base[1:], base[0])
				if end < 0 || strings.TrimSpace(base[end+2:]) != "" {
					return nil, &ScriptError{Path: path, Line: i, Message: "extends " + base + ": an inner class", Unsupported: true}
				}
				s.extends = base[1 : end+1]
			case isIdent(base):
				s.extendsClass = base
			default:
				return nil, &ScriptError{Path: path, Line: i, Message: "extends " + base + ": an inner class", Unsupported: true}
			}
		case "export":
			prop, msg := export3(rest, at, consts)
			if msg != "" {
				return nil, &ScriptError{Path: path, Line: i, Message: msg}
			}
			s.exports = append(s.exports, prop)
		}
	}
	return s, nil
}

// constant3 is a constant a Godot 3 script's class declares: a const, or
// a named enum.
type constant3 struct {
	init string // the const's initializer
	enum bool
	at   int // the index of the statement declaring it
}

// constants3 returns the constants statements declare, by name.
func constants3(statements []statement3) map[string]constant3 {
	consts := map[string]constant3{}
	for at, st := range statements {
		word, rest := cutWord(st.text)
		if word != "const" && word != "enum" {
			continue
		}
		name, rest := cutWord(rest)
		if !isIdent(name) {
			continue
		}
		if word == "enum" {
			consts[name] = constant3{enum: true, at: at}
			continue
		}
		if _, init, ok := strings.Cut(rest, "="); ok {
			consts[name] = constant3{init: strings.TrimSpace(init), at: at}
		}
	}
	return consts
}

// export3 reads what follows `export`, in the statement at: an optional
// (TYPE, HINTS…), then `var NAME`, an optional `: TYPE` and an optional
// `= VALUE`. The variable is an Object when the export names a class, its
// declared type is a class, or its value is preloaded (or a constant
// preloaded); it is an int when the export names an enum. As Godot 3 does,
// it refuses a script's constant as the type, and a constant holding a
// script as the value, and a constant the export names before the
// statement declaring it. An export naming another script's constant
// (Other.Item) is not checked.
func export3(rest string, at int, consts map[string]constant3) (exported3, string) {
	const (
		notResource = "The export hint isn't a resource type."
		invalid     = "Invalid export type. Only built-in and native resource types can be exported."
		later       = "Expected a constant expression."
	)
	declared := func(name string) (c constant3, ok, after bool) {
		c, ok = consts[name]
		return c, ok && c.at < at, ok && c.at > at
	}
	rest = strings.TrimSpace(rest)
	var arg, second string
	if strings.HasPrefix(rest, "(") {
		end := closing(rest)
		if end < 0 {
			return exported3{}, "export( is not closed"
		}
		arg, rest = strings.TrimSpace(rest[1:end]), rest[end+1:]
		if first, hints, ok := strings.Cut(arg, ","); ok {
			second, _, _ = strings.Cut(hints, ",")
			arg, second = strings.TrimSpace(first), strings.TrimSpace(second)
		}
	}
	word, rest := cutWord(rest)
	if word == "onready" {
		word, rest = cutWord(rest)
	}
	if word != "var" {
		return exported3{}, "export without var"
	}
	name, rest := cutWord(rest)
	if !isIdent(name) {
		return exported3{}, "export var without a name"
	}
	rest = strings.TrimSpace(rest)
	var typ string
	if strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, ":=") {
		typ, rest = cutWord(rest[1:])
	}
	init := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rest), ":="))
	var object bool
	switch {
	case arg != "":
		c, ok, after := declared(arg)
		switch {
		case after:
			return exported3{}, later
		case ok && !c.enum && strings.HasPrefix(c.init, "preload("):
			return exported3{}, notResource
		case ok && !c.enum:
			return exported3{}, "Expected type for export."
		}
		if c, ok, after := declared(second); arg == "Array" && (after || ok && !c.enum) {
			return exported3{}, notResource
		}
		object = !ok && isIdent(arg) && !builtin3[arg] // an enum is an int
	case typ != "":
		if _, ok, _ := declared(typ); ok || strings.HasPrefix(rest, ".") {
			return exported3{}, invalid
		}
		object = !builtin3[typ]
	default:
		if c, ok, _ := declared(init); ok && !c.enum {
			init = c.init
			if strings.HasPrefix(init, "preload(") && strings.Contains(init, `.gd"`) {
				return exported3{}, invalid
			}
		}
		object = strings.HasPrefix(init, "preload(") || strings.HasPrefix(init, "load(")
	}
	return exported3{name: name, object: object}, ""
}

// builtin3 are Godot 3's built-in types but Object.
var builtin3 = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`bool int float String Vector2 Rect2 Vector3 Transform2D Plane Quat AABB
		Basis Transform Color NodePath RID Dictionary Array PoolByteArray PoolIntArray PoolRealArray
		PoolStringArray PoolVector2Array PoolVector3Array PoolColorArray`) {
		m[n] = true
	}
	return m
}()

// cutWord splits off the identifier (or keyword) s starts with, after
// spaces.
func cutWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	end := 0
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !source.IdentContinue(r) {
			break
		}
		end += n
	}
	return s[:end], s[end:]
}

// isIdent says s is one identifier.
func isIdent(s string) bool {
	w, rest := cutWord(s)
	r, _ := utf8.DecodeRuneInString(w)
	return w != "" && rest == "" && source.IdentStart(r)
}

// closing is the index of the bracket that closes s's first one, outside
// strings, or -1.
func closing(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return i
			}
		case '"', '\'':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}

// statement3 is a statement and the line it starts on (1-based).
type statement3 struct {
	line int
	text string
}

// statements3 returns the statements that start a line at the top level
// (no indentation, outside brackets and strings), comments left out, each
// joined across the lines its brackets, strings and backslashes span.
func statements3(src []byte) []statement3 {
	var out []statement3
	var cur bytes.Buffer
	line, start, depth, top := 1, 0, 0, false
	atLineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if atLineStart {
			atLineStart = false
			top = depth == 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '#'
			if top {
				cur.Reset()
				start = line
			}
		}
		switch {
		case c == '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
			continue
		case c == '"' || c == '\'':
			quote, end := string(c), i+1
			if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
				quote = strings.Repeat(quote, 3)
				end = i + 3
			}
			for end < len(src) && !bytes.HasPrefix(src[end:], []byte(quote)) {
				if src[end] == '\\' {
					end++
				}
				if end < len(src) && src[end] == '\n' {
					line++
				}
				end++
			}
			end = min(end+len(quote), len(src))
			if top {
				cur.Write(src[i:end])
			}
			i = end - 1
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case (c == ')' || c == ']' || c == '}') && depth > 0:
			depth--
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i++
			line++
			continue
		case c == '\n':
			line++
			if depth == 0 {
				if top {
					out = append(out, statement3{start, cur.String()})
					top = false
				}
				atLineStart = true
				continue
			}
			c = ' '
		}
		if top {
			cur.WriteByte(c)
		}
	}
	if top {
		out = append(out, statement3{start, cur.String()})
	}
	return out
}
