package project

// maxEnumHops is how many scripts a folded value may go through by their
// global class names (Class.Enum.KEY whose value names another's).
const maxEnumHops = 8

// dotted folds an enum's value, which the analyzer reduces to a constant
// int: Enum.KEY, Enum an enum of a class in scope, or Class.Enum.KEY,
// Class a global class (f.global). q is past name, at the dot.
func (q *parser) dotted(f *folder, c *Class, name string) (any, *foldError) {
	g, k := f, (*Class)(nil)
	for o := c; o != nil && k == nil; o = o.outer {
		if m, ok := o.members[name]; ok {
			if m.kind != kindEnum {
				return nil, errNotFolded
			}
			k = o
		}
	}
	if k == nil {
		if f.global == nil || f.hops == maxEnumHops {
			return nil, errNotFolded
		}
		if g = f.global(name); g == nil || !q.next(".") || q.tok.kind != tkIdent {
			return nil, errNotFolded
		}
		k, name = &g.s.Class, q.tok.text
		q.advance()
		if m, ok := k.members[name]; !ok || m.kind != kindEnum {
			return nil, errNotFolded
		}
		g.hops = f.hops + 1
	}
	if !q.next(".") || q.tok.kind != tkIdent {
		return nil, errNotFolded
	}
	key := q.tok.text
	q.advance()
	return g.enumValue(k, name, key)
}

// next advances past the operator op, if it is the current token.
func (q *parser) next(op string) bool {
	if !q.isOp(op) {
		return false
	}
	q.advance()
	return true
}

// enumValue is the value of key in class k's enum: the one written, or
// one more than the key before's (the first is 0).
func (f *folder) enumValue(k *Class, enum, key string) (any, *foldError) {
	mark := "\x00" + enum // no constant's name: an enum whose values name it
	if f.seen[mark] {
		return nil, &foldError{msg: `Could not resolve member "` + enum + `": Cyclic reference.`}
	}
	f.seen[mark] = true
	defer delete(f.seen, mark)
	q := &parser{t: tokenizerAt(f.s.src, k.enums[k.members[enum].index], f.limits.MaxDepth), limits: f.limits}
	q.advance()
	if !q.next("{") {
		return nil, errNotFolded
	}
	next := int64(0)
	for q.tok.kind == tkIdent {
		name, v := q.tok.text, next
		q.advance()
		if q.next("=") {
			x, err := q.sum(f, k)
			if err != nil {
				return nil, err
			}
			i, ok := x.(int64)
			if !ok {
				return nil, errNotConstant
			}
			v = i
		}
		if name == key {
			return v, nil
		}
		next = v + 1
		if !q.next(",") {
			break
		}
	}
	return nil, &foldError{msg: `names "` + key + `", which is not a key of the enum ` + enum, unsupported: true}
}
