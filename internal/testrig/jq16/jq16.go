// Package jq16 prints JSON numbers as jq 1.6 does, for tests of the JSON
// form's round trip through that jq (the jq of Debian 12 and Ubuntu
// 22.04), which reads every number as a double.
package jq16

import (
	"bytes"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// Number prints f as jq 1.6 does: its shortest digits, in exponent form
// when the point is more than 3 places left of them or 15 right (so 100.0
// is 100, 1e17 is 1e+17, 0.00001 is 1e-05).
func Number(f float64) string {
	if f == 0 {
		return strconv.FormatFloat(f, 'f', -1, 64) // "0" or "-0"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	point, _ := strconv.Atoi(exp)
	point++ // digits before the point
	digits := strings.ReplaceAll(strings.TrimPrefix(mant, "-"), ".", "")
	if point <= -4 || point > len(digits)+15 {
		return e
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// Print prints the JSON values js compactly, one a line, as `jq -c .`
// does in jq 1.6: numbers as Number prints them, strings as jsontext
// escapes them.
func Print(js []byte) ([]byte, error) {
	return Reformat(js, func(raw []byte) ([]byte, error) {
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return nil, err
		}
		return []byte(Number(f)), nil
	})
}

// Reformat prints the JSON values js compactly, one a line, each number's
// text as num rewrites it.
func Reformat(js []byte, num func(raw []byte) ([]byte, error)) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(js), jsontext.AllowDuplicateNames(true))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, jsontext.AllowDuplicateNames(true))
	for {
		if dec.PeekKind() == '0' {
			raw, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			n, err := num(raw)
			if err != nil {
				return nil, err
			}
			if err := enc.WriteValue(jsontext.Value(n)); err != nil {
				return nil, err
			}
			continue
		}
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return out.Bytes(), nil
		}
		if err != nil {
			return nil, err
		}
		if err := enc.WriteToken(tok); err != nil {
			return nil, err
		}
	}
}

// Require returns the path of the jq 1.6 installed here, or skips the
// test when jq is absent or another version.
func Require(t testing.TB) string {
	t.Helper()
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq is not installed (Debian 12's jq package is jq 1.6)")
	}
	version, err := exec.Command(jq, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", jq, err)
	}
	if v := strings.TrimSpace(string(version)); v != "jq-1.6" {
		t.Skipf("%s is %s, not jq 1.6", jq, v)
	}
	return jq
}
