package debugger

import (
	"github.com/gdvar/gdvar"
)

// The parsers read data a game sent, which may be anything: these take an
// element of the expected type or report that it is not.

func asInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case gdvar.ObjectID:
		return int64(x), true
	}
	return 0, false
}

func asString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case gdvar.StringName:
		return string(x), true
	}
	return "", false
}

// fields reads data's first len(dst) elements into dst's pointers (*string,
// *int64, *bool or *any) and says whether every one had its type.
func fields(data []any, dst ...any) bool {
	if len(data) < len(dst) {
		return false
	}
	for i, d := range dst {
		ok := true
		switch p := d.(type) {
		case *string:
			*p, ok = asString(data[i])
		case *int64:
			*p, ok = asInt(data[i])
		case *bool:
			*p, ok = data[i].(bool)
		case *any:
			*p = data[i]
		}
		if !ok {
			return false
		}
	}
	return true
}
