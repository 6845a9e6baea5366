package resource

import (
	"cmp"
	"slices"

	"github.com/gdvar/gdvar"
)

// The keys of what Animation and SpriteFrames make of the values they are
// set to, in the order they make them: what their getters give back, and
// so what a save of a loaded resource writes (the binary form keeps a
// Dictionary's order; the text form sorts its keys).
var (
	// an Animation's tracks/N/keys, by track type, and their entries'
	valueTrackKeys  = []string{"times", "transitions", "values", "update"}
	methodTrackKeys = []string{"times", "transitions", "values"}
	methodCallKeys  = []string{"method", "args"}
	audioTrackKeys  = []string{"times", "clips"}
	audioClipKeys   = []string{"start_offset", "end_offset", "stream"}
	// SpriteFrames's animations, and their frames
	spriteAnimationKeys = []string{"name", "speed", "loop", "frames"}
	spriteFrameKeys     = []string{"texture", "duration"}
)

// hasKeys reports whether v is a Dictionary of exactly these keys.
func hasKeys(v any, keys []string) (*gdvar.Dictionary, bool) {
	d, ok := v.(*gdvar.Dictionary)
	if !ok || d.Len() != len(keys) {
		return nil, false
	}
	for _, k := range keys {
		if _, ok := d.Get(k); !ok {
			return nil, false
		}
	}
	return d, true
}

// animationKeys returns an Animation track's keys as the class makes
// them: a method track's calls {method, args}, an audio track's clips with
// their offsets in 32 bits (the class holds them as reals).
func animationKeys(v any) any {
	if d, ok := hasKeys(v, valueTrackKeys); ok {
		return inKeyOrder(d, valueTrackKeys)
	}
	if d, ok := hasKeys(v, methodTrackKeys); ok {
		out := inKeyOrder(d, methodTrackKeys)
		calls, _ := out.Get("values")
		out.Set("values", eachEntry(calls, func(e any) any {
			if c, ok := hasKeys(e, methodCallKeys); ok {
				return inKeyOrder(c, methodCallKeys)
			}
			return e
		}))
		return out
	}
	if d, ok := hasKeys(v, audioTrackKeys); ok {
		out := inKeyOrder(d, audioTrackKeys)
		clips, _ := out.Get("clips")
		out.Set("clips", eachEntry(clips, func(e any) any {
			c, ok := hasKeys(e, audioClipKeys)
			if !ok {
				return e
			}
			c = inKeyOrder(c, audioClipKeys)
			for _, k := range audioClipKeys[:2] {
				if f, ok := entry(c, k).(float64); ok {
					c.Set(k, float64(float32(f)))
				}
			}
			return c
		}))
		return out
	}
	return v
}

// spriteAnimations returns SpriteFrames's animations as the class gives
// them back: by name, each {name, speed, loop, frames}, loop a bool (an
// int set there is taken as one), each frame {texture, duration}.
func spriteAnimations(v any) any {
	anims, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(anims))
	for i, a := range anims {
		d, ok := hasKeys(a, spriteAnimationKeys)
		if !ok {
			return v // not as the class makes them: left as it is
		}
		d = inKeyOrder(d, spriteAnimationKeys)
		if n, ok := entry(d, "loop").(int64); ok {
			d.Set("loop", n != 0)
		}
		d.Set("frames", eachEntry(entry(d, "frames"), func(e any) any {
			if f, ok := hasKeys(e, spriteFrameKeys); ok {
				return inKeyOrder(f, spriteFrameKeys)
			}
			return e
		}))
		out[i] = d
	}
	name := func(a any) string {
		switch n := entry(a.(*gdvar.Dictionary), "name").(type) {
		case gdvar.StringName:
			return string(n)
		case string:
			return n
		}
		return ""
	}
	slices.SortStableFunc(out, func(a, b any) int { return cmp.Compare(name(a), name(b)) })
	return out
}

// entry returns the value of d's key k, nil if none.
func entry(d *gdvar.Dictionary, k string) any {
	v, _ := d.Get(k)
	return v
}

// eachEntry returns a copy of an Array with each entry as f makes it, or
// v as it is if it is no Array.
func eachEntry(v any, f func(any) any) any {
	a, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(a))
	for i, e := range a {
		out[i] = f(e)
	}
	return out
}
