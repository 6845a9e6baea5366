package project

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar/project/internal/source"
)

// parser reads the declarations of a GDScript source as the engine's
// GDScriptParser does (parse_program, parse_class_body), skipping
// function bodies and initializers. It stops at the first error.
type parser struct {
	t      *tokenizer
	tok    token
	prev   tokenKind // the kind of the token before tok
	limits Limits
	nest   int          // expressions nested, for the bound
	stack  []annotation // annotations waiting for their member (annotation_stack)
	// pending are the annotations of the member being read.
	pending []annotation
	// rpcs are the methods with @rpc, to evaluate once all is read (their
	// arguments may name constants declared after them).
	rpcs []pendingRPC
	// headerOnly stops after class_name and extends, as the editor's scan
	// reads a script (GDScriptLanguage::get_global_class_name).
	headerOnly bool
	script     *Script
	// asking is the function whose body is being read, whose names are
	// looked at ([Method.AsksSender]), or nil.
	asking *Method
	// paramNames are the names of the parameters of the function being
	// read, for those given twice; kept from function to function.
	paramNames map[string]bool
}

// annotation is an annotation read, waiting for the member it applies to.
// Only @rpc keeps its arguments; the others are not read.
type annotation struct {
	name string
	args [4]span // @rpc's arguments
	n    int     // how many arguments it has
	line int
	// again is the line of a second @rpc or @abstract on the same member,
	// which the engine refuses, or 0.
	again int
}

// push adds an annotation to those waiting. One of a name already waiting
// adds nothing but, for @rpc and @abstract, the error it makes: what
// waits stays as small as the annotations of GDScript are few.
func (p *parser) push(a annotation) {
	for i := range p.stack {
		if p.stack[i].name == a.name {
			if (a.name == "rpc" || a.name == "abstract") && p.stack[i].again == 0 {
				p.stack[i].again = a.line
			}
			return
		}
	}
	p.stack = append(p.stack, a)
}

// ParseScript reads the declarations of a GDScript source, as the engine
// parses and analyzes them for the parts a declaration reader sees. path
// names the script in errors. An error is a *[ScriptError]: the reason the
// engine refuses the script, in the engine's words where the reader knows
// them, or a construct the reader does not read ([ScriptError.Unsupported]);
// or the source is larger than the limits allow ([ErrTooLarge]). What the
// script extends is not looked up: [Project.Resolve] does that, and reports
// what makes the engine refuse a script for its bases.
//
// The reader does not check function bodies and initializers beyond their
// brackets and blocks: a script whose only error is in a body reads
// without error.
func ParseScript(src []byte, path string, opts ...Option) (*Script, error) {
	s, err := parseScript(src, path, options(opts).limits, nil)
	if err != nil {
		return nil, err
	}
	if err := s.firstFault(&s.Class); err != nil {
		return nil, err
	}
	return s, nil
}

// parseScript reads a script; the errors of its classes' members that the
// engine's analyzer finds are left in each Class's fault, not returned,
// as a script that extends it sees only those of its own class. Its folds
// draw from fold, or, where that is nil, from a budget of its own of 4
// bytes a byte of the script and 64 KiB.
func parseScript(src []byte, path string, limits Limits, fold *budget) (*Script, error) {
	if int64(len(src)) > limits.MaxFileBytes {
		return nil, fmt.Errorf("%s: %w (%d bytes, limit %d)", path, ErrTooLarge, len(src), limits.MaxFileBytes)
	}
	if !utf8.Valid(src) {
		return nil, &ScriptError{Path: path, Line: 1, Message: "Script '" + path + "' contains invalid unicode (UTF-8), so it was not loaded."}
	}
	text := source.Text(src)
	if fold == nil {
		fold = &budget{perByte: 4, floor: 64 << 10, read: int64(len(src))}
	}
	p := &parser{t: newTokenizer(text, limits.MaxDepth), limits: limits, script: &Script{Path: path, src: text, maxDepth: limits.MaxDepth, fold: fold}}
	p.script.Line = 1
	p.advance()
	p.program()
	if err := p.t.err; err != nil {
		err.Path = path
		return nil, err
	}
	p.evalRPCs()
	return p.script, nil
}

// firstFault returns the first member error of c or of its inner classes.
func (s *Script) firstFault(c *Class) error {
	if c.fault != nil {
		return c.fault
	}
	for _, k := range c.Classes {
		if err := s.firstFault(k); err != nil {
			return err
		}
	}
	return nil
}

// headerReader reads the headers of scripts one after another, as the
// editor's scan reads them (globalClass), reusing its parser: a project
// may hold thousands of small scripts.
type headerReader struct {
	p parser
	t tokenizer
	s Script
}

// globalClass returns the class_name a script's header declares, or "",
// and the base it names: the editor registers the class even when the
// rest of the script fails. The base is the class extends names first,
// "" for a path, RefCounted without extends.
func (h *headerReader) globalClass(src []byte, limits Limits) (name, base string) {
	if !utf8.Valid(src) {
		return "", ""
	}
	h.t = tokenizer{src: source.Text(src), line: 1, maxDepth: limits.MaxDepth, indents: append(h.t.indents[:0], 0), lineStart: true, newlineOut: true}
	h.s = Script{}
	h.p = parser{t: &h.t, limits: limits, script: &h.s, headerOnly: true}
	p := &h.p
	p.advance()
	p.program()
	ext := p.script.Extends
	switch {
	case ext.Path != "":
	case len(ext.Names) > 0:
		base = ext.Names[0]
	default:
		base = "RefCounted"
	}
	return p.script.Name, base
}

func (p *parser) advance() {
	p.prev = p.tok.kind
	p.tok = p.t.next()
	if p.asking != nil && p.tok.kind == tkIdent {
		p.asks()
	}
}

// fail records an error; the tokenizer then gives only EOF, which ends
// the parse.
func (p *parser) fail(line int, msg string) { p.t.failAt(line, msg) }

func (p *parser) failed() bool { return p.t.err != nil }

func (p *parser) isOp(op string) bool { return p.tok.kind == tkOp && p.tok.text == op }

func (p *parser) isKeyword(kw string) bool { return p.tok.kind == tkIdent && p.tok.text == kw }

// program is parse_program: the script annotations, class_name and
// extends, then the class body.
func (p *parser) program() {
	head := &p.script.Class
	header := true // class_name and extends may still come
	for scan := true; scan && p.tok.kind != tkEOF && !p.failed(); {
		switch {
		case p.tok.kind == tkAnnotation:
			a, info, ok := p.annotation(targetScript | targetClassLevel | targetStandalone)
			if !ok {
				break
			}
			switch {
			case info&targetClass != 0:
				p.push(a)
			case info&targetScript != 0:
				p.headAnnotations()
				p.scriptAnnotation(a)
			case info&targetStandalone != 0:
				if p.prev != tkNewline {
					p.fail(a.line, "Expected newline after a standalone annotation.")
				}
				if strings.HasPrefix(a.name, "export_") {
					header, scan = false, false
				} else if !strings.HasPrefix(a.name, "warning_ignore_") {
					p.fail(a.line, "Unexpected standalone annotation.")
				}
			default:
				p.push(a)
				header, scan = false, false
			}
		case p.tok.kind == tkString:
			p.commentString()
		default:
			scan = false
		}
	}
	for header = header && !p.failed(); header; {
		switch {
		case p.isKeyword("class_name"):
			p.headAnnotations()
			line := p.tok.line
			p.advance()
			if head.Name != "" {
				p.fail(line, `"class_name" can only be used once.`)
				return
			}
			if p.tok.kind != tkIdent || keywords[p.tok.text] {
				p.fail(line, `Expected identifier for the global class name after "class_name".`)
				return
			}
			head.Name = p.tok.text
			p.advance()
			if p.isKeyword("extends") {
				p.advance()
				p.extends(head, line)
				p.endStatement("superclass")
			} else {
				p.endStatement("class_name statement")
			}
		case p.isKeyword("extends"):
			p.headAnnotations()
			line := p.tok.line
			p.advance()
			if head.Extends.Line != 0 {
				p.fail(line, `"extends" can only be used once.`)
				return
			}
			p.extends(head, line)
			p.endStatement("superclass")
		case p.tok.kind == tkEOF:
			p.headAnnotations()
			header = false
		case p.tok.kind == tkString:
			p.commentString()
		default:
			header = false
		}
		header = header && !p.failed()
	}
	if p.headerOnly {
		return
	}
	p.classBody(head, true)
	if p.failed() {
		return
	}
	if p.tok.kind != tkEOF {
		p.fail(p.tok.line, "Expected end of file.")
		return
	}
	if len(p.stack) > 0 {
		a := p.stack[0]
		p.fail(a.line, `Annotation "@`+a.name+`" does not precede a valid target, so it will have no effect.`)
	}
}

// headAnnotations applies the waiting annotations to the script
// (PUSH_PENDING_ANNOTATIONS_TO_HEAD).
func (p *parser) headAnnotations() {
	for _, a := range p.stack {
		p.scriptAnnotation(a)
	}
	p.stack = p.stack[:0]
}

// scriptAnnotation applies an annotation to the script's class.
func (p *parser) scriptAnnotation(a annotation) {
	switch a.name {
	case "tool":
		p.script.Tool = true
	case "abstract":
		if p.script.Abstract { // one before class_name, one after
			a.again = a.line
		}
		if p.abstract(&a, "class") {
			p.script.Abstract = true
		}
	}
}

// commentString reads a string used as a comment in a class body.
func (p *parser) commentString() {
	line := p.tok.line
	p.advance()
	if p.tok.kind != tkNewline {
		p.fail(line, "Expected newline after comment string.")
		return
	}
	p.advance()
}

// endStatement is end_statement: newlines and semicolons, or the end.
func (p *parser) endStatement(context string) {
	found := false
	for p.tok.kind == tkNewline || p.isOp(";") {
		p.advance()
		found = true
	}
	if !found && p.tok.kind != tkEOF && !p.failed() {
		p.fail(p.tok.line, fmt.Sprintf(`Expected end of statement after %s, found %s instead.`, context, debugName(p.tok)))
	}
}

// extends reads what follows "extends": a path, a class name, inner
// classes after either.
func (p *parser) extends(c *Class, line int) {
	c.Extends.Line = line
	if p.tok.kind == tkString {
		s, ok := p.tok.value.(string)
		if !ok {
			p.fail(line, `Only strings or identifiers can be used after "extends".`)
			return
		}
		c.Extends.Path = s
		p.advance()
		if !p.isOp(".") {
			return
		}
		p.advance()
	}
	for {
		if p.tok.kind != tkIdent || keywords[p.tok.text] {
			p.fail(line, `Expected superclass name after "extends".`)
			return
		}
		c.Extends.Names = append(c.Extends.Names, p.tok.text)
		p.advance()
		if !p.isOp(".") {
			return
		}
		p.advance()
	}
}

// classBody is parse_class_body: members until the class's DEDENT (or
// one member, for a class declared on one line).
func (p *parser) classBody(c *Class, multiline bool) {
	static := false
	for end := false; !end && !p.failed() && p.tok.kind != tkEOF; {
		tok := p.tok
		switch {
		case tok.kind == tkIdent && tok.text == "var":
			p.member(c, targetVariable, "variable", func(line int) { p.variable(c, static, line) })
		case tok.kind == tkIdent && tok.text == "const":
			p.member(c, targetConstant, "constant", func(int) { p.constant(c) })
		case tok.kind == tkIdent && tok.text == "signal":
			p.member(c, targetSignal, "signal", func(int) { p.signal(c) })
		case tok.kind == tkIdent && tok.text == "func":
			p.member(c, targetFunction, "function", func(line int) { p.function(c, static, line) })
		case tok.kind == tkIdent && tok.text == "class":
			p.member(c, targetClass, "class", func(line int) { p.class(c, line) })
		case tok.kind == tkIdent && tok.text == "enum":
			p.member(c, 0, "enum", func(int) { p.enum(c) })
		case tok.kind == tkIdent && tok.text == "static":
			p.advance()
			static = true
			if !p.isKeyword("func") && !p.isKeyword("var") {
				p.fail(tok.line, `Expected "func" or "var" after "static".`)
			}
		case tok.kind == tkAnnotation:
			a, info, ok := p.annotation(targetClassLevel | targetStandalone)
			if !ok {
				break
			}
			if info&targetStandalone != 0 {
				if p.prev != tkNewline {
					p.fail(a.line, "Expected newline after a standalone annotation.")
				} else if !strings.HasPrefix(a.name, "export_") && !strings.HasPrefix(a.name, "warning_ignore_") {
					p.fail(a.line, "Unexpected standalone annotation.")
				}
			} else {
				p.push(a)
			}
		case tok.kind == tkIdent && tok.text == "pass":
			p.advance()
			p.endStatement(`"pass"`)
		case tok.kind == tkDedent:
			end = true
		case tok.kind == tkString:
			if _, ok := tok.value.(string); ok {
				p.commentString()
				break
			}
			fallthrough
		default:
			p.unexpected(tok)
		}
		if tok.kind != tkIdent || tok.text != "static" {
			static = false
		}
		if !multiline {
			end = true
		}
	}
}

// removed are the Godot 3 keywords and the message a Godot 4 parser gives
// for each in a class body.
var removed = map[string]string{
	"export":     `The "export" keyword was removed in Godot 4. Use an export annotation ("@export", "@export_range", etc.) instead.`,
	"tool":       `The "tool" keyword was removed in Godot 4. Use the "@tool" annotation instead.`,
	"onready":    `The "onready" keyword was removed in Godot 4. Use the "@onready" annotation instead.`,
	"remote":     `The "remote" keyword was removed in Godot 4. Use the "@rpc" annotation with "any_peer" instead.`,
	"remotesync": `The "remotesync" keyword was removed in Godot 4. Use the "@rpc" annotation with "any_peer" and "call_local" instead.`,
	"puppet":     `The "puppet" keyword was removed in Godot 4. Use the "@rpc" annotation with "authority" instead.`,
	"puppetsync": `The "puppetsync" keyword was removed in Godot 4. Use the "@rpc" annotation with "authority" and "call_local" instead.`,
	"master":     `The "master" keyword was removed in Godot 4. Use the "@rpc" annotation with "any_peer" and perform a check inside the function instead.`,
	"mastersync": `The "mastersync" keyword was removed in Godot 4. Use the "@rpc" annotation with "any_peer" and "call_local", and perform a check inside the function instead.`,
}

// unexpected fails on a token that cannot start a class member.
func (p *parser) unexpected(tok token) {
	if msg, ok := removed[tok.text]; ok && tok.kind == tkIdent {
		p.fail(tok.line, msg)
		return
	}
	p.fail(tok.line, fmt.Sprintf("Unexpected %s in class body.", debugName(tok)))
}

// debugName names a token as the engine's messages do.
func debugName(tok token) string {
	switch tok.kind {
	case tkEOF:
		return `"EOF"`
	case tkNewline:
		return `"Newline"`
	case tkIndent:
		return `"Indent"`
	case tkDedent:
		return `"Dedent"`
	case tkIdent:
		if keywords[tok.text] {
			return `"` + tok.text + `"`
		}
		return `identifier "` + tok.text + `"`
	case tkAnnotation:
		return `annotation "@` + tok.text + `"`
	case tkString, tkInt, tkFloat:
		return `"Literal"`
	}
	return `"` + tok.text + `"`
}

// member is parse_class_member: the keyword, the waiting annotations (which
// must apply to this kind of member), then the member itself.
func (p *parser) member(c *Class, target uint16, kind string, parse func(line int)) {
	line := p.tok.line
	p.advance()
	for i := len(p.stack) - 1; i >= 0; i-- { // the engine checks the last first
		if a := p.stack[i]; annotations[a.name]&target == 0 {
			p.fail(a.line, fmt.Sprintf(`Annotation "@%s" cannot be applied to a %s.`, a.name, kind))
			return
		}
	}
	p.pending, p.stack = p.stack, p.stack[len(p.stack):]
	parse(line)
	p.pending = nil
}
