package project

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// genProject is a project the generator writes: files by path from the
// project's folder, and the classes whose RPC config to compare.
type genProject struct {
	files   map[string]string
	queries []genQuery
}

// genQuery is a script's class, or one of its inner classes.
type genQuery struct {
	path  string   // res://…
	inner []string // the inner class, or none
}

// String names the query as the engine harness takes it: path, or
// path::Inner.
func (q genQuery) String() string {
	if len(q.inner) == 0 {
		return q.path
	}
	return q.path + "::" + strings.Join(q.inner, ".")
}

// gen writes random GDScript scripts: @rpc methods with every argument in
// every order and form (strings, StringNames, NodePaths, constants,
// folded expressions), on their own line or the func line, with comments,
// doc strings and "@rpc" in comments and strings around them; bases by
// class_name, by path and by inner class; abstract scripts (Godot 4.5+)
// with bodyless methods their subclasses override, but rarely; CRLF
// files, Unicode names; and scripts the engine refuses, for one reason
// each. It gives no two
// scripts one class_name: which of them the engine registers is not
// always the last one its scan meets (docs/projects.md).
type gen struct {
	r    *rand.Rand
	n    int // names made, to keep every name new
	crlf bool
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) pick(s ...string) string { return s[g.r.IntN(len(s))] }

// name returns a new identifier, sometimes not ASCII.
func (g *gen) name(prefix string) string {
	g.n++
	if g.chance(0.2) {
		return g.pick("ñandú_", "名前_", "größe_", "Ωmega_", "café_", "δ_") + prefix + fmt.Sprint(g.n)
	}
	return prefix + fmt.Sprint(g.n)
}

// genScript is a script of a case while it is written.
type genScript struct {
	file       string // the path from the project folder
	className  string
	overridden []string // bare methods (func m():) that subclasses may override
	inner      []string // its inner classes
	// open are the signatures of the abstract methods (@abstract, Godot
	// 4.5+) of an abstract script and its bases that no class of its
	// chain overrides: an override repeats its signature.
	open []string
}

// project writes cases cases into one project, each in a folder of its
// own with one to four scripts, some extending others.
func (g *gen) project(cases int) genProject {
	p := genProject{files: map[string]string{"project.godot": "config_version=5\n\n[application]\n\nconfig/name=\"gen\"\n"}}
	for i := range cases {
		dir := fmt.Sprintf("c%03d", i)
		var scripts []*genScript
		for j := range 1 + g.r.IntN(4) {
			s := &genScript{file: fmt.Sprintf("%s/s%d.gd", dir, j)}
			if j > 1 && g.chance(0.3) {
				s.file = fmt.Sprintf("%s/sub/s%d.gd", dir, j)
			}
			var base *genScript
			if len(scripts) > 0 && g.chance(0.7) {
				base = scripts[g.r.IntN(len(scripts))]
			}
			p.files[s.file] = g.script(s, base, fmt.Sprintf("C%d_", i))
			scripts = append(scripts, s)
			p.queries = append(p.queries, genQuery{path: "res://" + s.file})
			for _, in := range s.inner {
				p.queries = append(p.queries, genQuery{path: "res://" + s.file, inner: []string{in}})
			}
		}
	}
	return p
}

// script writes one script, extending base if not nil.
func (g *gen) script(s *genScript, base *genScript, prefix string) string {
	var b strings.Builder
	g.crlf = g.chance(0.2)
	line := func(format string, args ...any) { b.WriteString(fmt.Sprintf(format, args...) + "\n") }
	if g.chance(0.2) {
		line("# a script: @rpc func not_this(): pass")
	}
	if g.chance(0.3) || base != nil && base.className != "" && g.chance(0.3) {
		s.className = g.name(prefix + "K")
	}
	abstract := g.chance(0.25)
	if abstract {
		line("%s", g.pick("@abstract", "@abstract # a base"))
	}
	ext := "extends " + g.pick("Node", "Node2D", "Node3D", "Control")
	switch {
	case base != nil && base.className != "" && g.chance(0.6):
		ext = "extends " + base.className
	case base != nil:
		ext = `extends "` + g.relative(s.file, base.file) + `"`
	case g.chance(0.1):
		ext = ""
	}
	switch {
	case s.className != "" && g.chance(0.3):
		line("class_name %s %s", s.className, ext)
	case s.className != "" && g.chance(0.5):
		line("%s", ext)
		line("class_name %s", s.className)
	case s.className != "":
		line("class_name %s", s.className)
		line("%s", ext)
	default:
		line("%s", ext)
	}
	g.body(&b, s, base, "", line)
	g.abstractMethods(s, base, abstract, line)
	for range g.r.IntN(3) {
		in := g.name("In")
		s.inner = append(s.inner, in)
		inExt, ofBase := "", false
		switch {
		case len(s.inner) > 1 && g.chance(0.4):
			inExt = " extends " + s.inner[g.r.IntN(len(s.inner)-1)]
		case base != nil && base.className != "" && g.chance(0.3):
			inExt, ofBase = " extends "+base.className, true
		case base != nil && g.chance(0.3):
			inExt, ofBase = ` extends "`+g.relative(s.file, base.file)+`"`, true
		case g.chance(0.3):
			inExt = " extends Node"
		}
		line("")
		line("class %s%s:", in, inExt)
		inner := &genScript{}
		inLine := func(format string, args ...any) { line("\t"+format, args...) }
		g.body(&b, inner, nil, "\t", inLine)
		if ofBase {
			g.abstractMethods(inner, base, false, inLine)
		}
		line("\tpass")
	}
	if g.chance(0.15) {
		g.refusal(&b, line)
	}
	src := b.String()
	if g.crlf {
		src = strings.ReplaceAll(src, "\n", "\r\n")
	}
	return src
}

// abstractMethods writes the overrides of the abstract methods a script's
// bases leave open, all of them but rarely, in a script that is not
// abstract; an abstract script may leave some open and adds its own,
// bodyless, with or without @rpc.
func (g *gen) abstractMethods(s, base *genScript, abstract bool, line func(string, ...any)) {
	var open []string
	if base != nil {
		open = base.open
	}
	for _, sig := range open {
		switch {
		case abstract && g.chance(0.5), !abstract && g.chance(0.05): // left open: refused if not abstract
			s.open = append(s.open, sig)
		default:
			line("func %s:", sig)
			line("\tpass")
		}
	}
	if !abstract {
		return
	}
	for range g.r.IntN(3) {
		sig := g.name("abs_") + g.pick("()", "(a: int)", "(a,\n\tb)") + g.pick("", " -> void")
		s.open = append(s.open, sig)
		if g.chance(0.4) {
			line("@rpc%s", g.rpcArgs(nil))
		}
		line("@abstract func %s%s", sig, g.pick("", " # @rpc", "; var "+g.name("v_")+" = 1"))
	}
}

// relative returns the path of file as extends may give it from from:
// res://…, or relative to from's folder.
func (g *gen) relative(from, file string) string {
	if g.chance(0.5) || strings.Count(from, "/") != strings.Count(file, "/") {
		return "res://" + file
	}
	return file[strings.LastIndex(file, "/")+1:]
}

// body writes members: constants, variables, methods with and without
// @rpc, overrides of base's methods.
func (g *gen) body(b *strings.Builder, s *genScript, base *genScript, indent string, line func(string, ...any)) {
	var consts []string
	for range g.r.IntN(2) {
		k := g.name("K_")
		consts = append(consts, k)
		line("const %s = %s", k, g.pick(`"any_peer"`, `"call_local"`, `"unreli" + "able"`, `&"reliable"`, `"authority"`))
	}
	for range g.r.IntN(3) {
		g.variable(line, indent == "")
	}
	for range g.r.IntN(2) {
		g.enum(line)
	}
	if base != nil {
		for _, m := range base.overridden {
			if g.chance(0.5) {
				g.method(m, true, consts, line, indent)
			}
		}
	}
	for range g.r.IntN(5) {
		m := g.name(g.pick("m_", "rpc_", "_on_"))
		bare := g.chance(0.5)
		if bare && indent == "" {
			s.overridden = append(s.overridden, m)
		}
		g.method(m, bare, consts, line, indent)
	}
}

// variable writes a member variable of a random kind; @onready only in a
// script's class (inner classes are not Nodes, which the engine refuses).
func (g *gen) variable(line func(string, ...any), onready bool) {
	v := g.name("v_")
	switch g.r.IntN(7) {
	case 0:
		line("var %s = \"@rpc func fake(): pass\"", v)
	case 1:
		line("@export var %s: int = 3", v)
	case 2:
		line("@export_storage var %s: Array[int] = []", v)
	case 3:
		line("var %s: Dictionary[String, int] = {\"@rpc\": 1,", v)
		line("\t\"b\": 2}")
	case 4:
		line("var %s = func():", v)
		line("\tpass")
	case 5:
		if onready {
			line("@onready var %s := 1 # @rpc", v)
			return
		}
		fallthrough
	default:
		line("var %s := 1 # @rpc", v)
	}
}

// enum writes an enum, named or not, its brace on its line or the next
// (the engine reads it in multiline mode), its values on one line or
// several.
func (g *gen) enum(line func(string, ...any)) {
	head := "enum"
	if g.chance(0.7) {
		head += " " + g.name("E_")
	}
	a, b := g.name("A_"), g.name("B_")
	switch g.r.IntN(3) {
	case 0:
		line("%s {%s, %s = 4}", head, a, b)
	case 1:
		line("%s", head)
		line("{ # @rpc")
		line("\t%s,", a)
		line("\t%s,", b)
		line("}")
	default:
		line("%s \\", head)
		line("\t{%s,", a)
		line("%s}", b)
	}
}

// method writes a method, with @rpc or not.
func (g *gen) method(name string, bare bool, consts []string, line func(string, ...any), indent string) {
	ann := ""
	if g.chance(0.75) {
		ann = "@rpc" + g.rpcArgs(consts)
	}
	sig := "func " + name + "():"
	if !bare {
		sig = "func " + name + g.pick("(a, b: int = 3):", "(s := \"@rpc(\" + ')') -> void:", "() -> Array[int]:\n"+indent+"\treturn []\n"+indent+"func "+g.name("x_")+"():")
		if g.chance(0.2) {
			sig = "static " + sig
		}
	}
	if ann != "" {
		switch g.r.IntN(5) {
		case 0:
			line("%s %s pass", ann, sig)
			return
		case 1:
			line("%s @warning_ignore(\"unused_parameter\")", ann)
		case 2:
			line("%s", ann)
			line("")
			line("# @rpc(\"any_peer\") in a comment")
			line("\"a doc string: @rpc\"")
		default:
			line("%s", ann)
		}
	}
	line("%s", sig)
	line("\t%s", g.pick("pass", "var q = \"@rpc\"", "print(\"x\") # @rpc", "return"))
}

// rpcArgs returns the arguments of an @rpc: none, or up to three
// keywords in any order and an optional channel.
func (g *gen) rpcArgs(consts []string) string {
	if g.chance(0.2) {
		return g.pick("", "()")
	}
	axes := [][]string{{"call_local", "call_remote"}, {"any_peer", "authority"}, {"reliable", "unreliable", "unreliable_ordered"}}
	g.r.Shuffle(len(axes), func(i, j int) { axes[i], axes[j] = axes[j], axes[i] })
	var args []string
	n := g.r.IntN(4)
	for _, axis := range axes[:n] {
		word := axis[g.r.IntN(len(axis))]
		switch g.r.IntN(6) {
		case 0:
			args = append(args, "&\""+word+"\"")
		case 1:
			args = append(args, "^\""+word+"\"")
		case 2:
			args = append(args, "'"+word+"'")
		case 3:
			args = append(args, "\""+word[:1]+"\" + \""+word[1:]+"\"")
		default:
			args = append(args, "\""+word+"\"")
		}
	}
	if len(consts) > 0 && len(args) < 3 && g.chance(0.2) {
		args = append(args, consts[0]) // may give an axis twice: then refused
	}
	if len(args) == 3 && g.chance(0.5) {
		args = append(args, g.pick("3", "0", "2 + 1", "7.9", "true", "-1", "70000", "0x10"))
	}
	sep := g.pick(", ", ",", ",\n\t\t")
	s := "(" + strings.Join(args, sep)
	if g.chance(0.1) {
		s += ","
	}
	s += ")"
	if g.chance(0.1) {
		return " \\\n" + s // a line continuation
	}
	return s
}

// refusal writes something that makes the engine refuse the script.
func (g *gen) refusal(b *strings.Builder, line func(string, ...any)) {
	m := g.name("bad_")
	switch g.r.IntN(18) {
	case 0:
		line("@rpc(\"anyone\") func %s(): pass", m)
	case 1:
		line("@rpc(\"any_peer\", \"authority\") func %s(): pass", m)
	case 2:
		line("@rpc(\"any_peer\", \"reliable\", \"call_local\", 1, 2) func %s(): pass", m)
	case 3:
		line("@rpc(1) func %s(): pass", m)
	case 4:
		line("@rpc(\"any_peer\", \"reliable\", \"call_local\", \"2\") func %s(): pass", m)
	case 5:
		line("@rpc")
		line("@rpc(\"any_peer\")")
		line("func %s(): pass", m)
	case 6:
		line("@rpc var %s = 1", m)
	case 7:
		line("func %s():", m)
		line("\t@rpc")
		line("\tpass")
	case 8:
		line("@rpc")
	case 9:
		line("@RPC func %s(): pass", m)
	case 10:
		line("remote func %s(): pass", m)
	case 11:
		line("func %s(): pass", m)
		line("func %s(): pass", m)
	case 12:
		line("@rpc(\"call_local\", \"call_remote\") func %s(): pass", m)
	case 13:
		line("@abstract func %s():", m)
		line("\tpass")
	case 14:
		line("func %s() -> void", m)
	case 15:
		line("@abstract static func %s()", m)
	case 16:
		line("@abstract")
		line("@abstract func %s()", m)
	default:
		b.WriteString("func " + m + "(): pass\r# stray carriage return\n")
	}
}
