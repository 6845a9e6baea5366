package filter

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The rule -h gives is the one the commands follow, and every command
// reading binary values gives it.
func TestFramingRuleInHelp(t *testing.T) {
	space := regexp.MustCompile(`\s+`)
	for _, cmd := range []string{"inspect", "validate", "copy", "text", "json", "scan", "migrate", "edit"} {
		_, _, errOut := runGdvar(nil, cmd, "-h")
		assert.Contains(t, space.ReplaceAllString(errOut, " "), framingRule, cmd)
	}
}
