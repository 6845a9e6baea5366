package gdvar_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/scan"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
)

// An option reaches only the functions that take it: given to one that
// does not, it is an ErrInvalidOption naming it, whatever its value,
// before any input is read; the options of a package are taken by the
// packages built on it.
func TestOptionScope(t *testing.T) {
	bin, err := gdvar.Marshal(int64(1))
	if err != nil {
		t.Fatal(err)
	}
	var frame bytes.Buffer
	if err := stream.NewWriter(&frame).PutVar(int64(1)); err != nil {
		t.Fatal(err)
	}
	uses := map[string]func(opts []gdvar.Option) error{
		"gdvar.Marshal": func(opts []gdvar.Option) error { _, err := gdvar.Marshal(1, opts...); return err },
		"gdvar.Unmarshal": func(opts []gdvar.Option) error {
			var v any
			return gdvar.Unmarshal(bin, &v, opts...)
		},
		"stream.Reader": func(opts []gdvar.Option) error {
			var v any
			return stream.NewReader(bytes.NewReader(frame.Bytes()), opts...).GetVar(&v)
		},
		"vartext.Marshal": func(opts []gdvar.Option) error { _, err := vartext.Marshal(1, opts...); return err },
		"varjson.Marshal": func(opts []gdvar.Option) error { _, err := varjson.Marshal(1, opts...); return err },
		"configfile.Read": func(opts []gdvar.Option) error {
			_, err := configfile.Read(bytes.NewReader([]byte("a=1\n")), opts...)
			return err
		},
		"resource.Read": func(opts []gdvar.Option) error {
			_, err := resource.Read(bytes.NewReader([]byte("[gd_resource type=\"Resource\" format=3]\n\n[resource]\na = 1\n")), opts...)
			return err
		},
		"scan.Values": func(opts []gdvar.Option) error { _, err := scan.Values(bytes.NewReader(bin), opts...); return err },
		"fileaccess.NewReader": func(opts []gdvar.Option) error {
			_, err := fileaccess.NewReader(bytes.NewReader(bin), opts...)
			return err
		},
		"multiplayer.Connect": func(opts []gdvar.Option) error {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			return multiplayer.New(opts...).Connect(ctx, "ws://127.0.0.1:1")
		},
	}
	tests := []struct {
		use    string
		opt    gdvar.Option
		refuse bool
	}{
		{"gdvar.Marshal", multiplayer.WithIdleTimeout(time.Second), true},
		{"gdvar.Marshal", stream.WithMaxFrame(-1), true},
		{"gdvar.Marshal", vartext.WithDialect(vartext.Godot3), true},
		{"gdvar.Unmarshal", fileaccess.WithPassword("x"), true},
		{"gdvar.Unmarshal", gdvar.AllowObjects(true), false},
		{"stream.Reader", stream.WithMaxFrame(1 << 10), false},
		{"stream.Reader", gdvar.WithEngine(gdvar.Godot3), false},
		{"stream.Reader", multiplayer.WithReplicationTick(time.Second), true},
		{"vartext.Marshal", vartext.WithDialect(vartext.Godot3), false},
		{"vartext.Marshal", stream.WithMaxFrame(1), true},
		{"varjson.Marshal", vartext.WithDialect(vartext.Godot3), true},
		{"configfile.Read", vartext.WithDialect(vartext.Godot3), false},
		{"configfile.Read", fileaccess.WithMaxContentSize(1), true},
		{"resource.Read", vartext.WithDialect(vartext.Godot4), false},
		{"resource.Read", fileaccess.WithMaxContentSize(1 << 20), false},
		{"resource.Read", stream.WithMaxFrame(1), true},
		{"scan.Values", vartext.WithDialect(vartext.Godot3), true},
		{"fileaccess.NewReader", stream.WithMaxFrame(1), true},
		{"multiplayer.Connect", stream.WithMaxFrame(1), true},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.use, i), func(t *testing.T) {
			err := uses[tt.use]([]gdvar.Option{tt.opt})
			if tt.refuse {
				assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
				assert.ErrorContains(t, err, "does not apply")
			} else {
				assert.NotErrorIs(t, err, gdvar.ErrInvalidOption)
			}
		})
	}
}
