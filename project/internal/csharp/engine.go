package csharp

import "sync"

// Engine is what a Scope knows of the engine: the classes of one version,
// by the engine's names, and those of them that are singletons, which
// no class may derive from.
type Engine struct {
	// Version names the version ("4.6"): the C# names of its classes are
	// made once for each.
	Version             string
	Classes, Singletons map[string]bool
}

// engineNames maps the C# names of a version's engine classes,
// as GodotSharp's bindings name them, to the engine's: Node is Node,
// HttpRequest is HTTPRequest, GodotObject is Object. Each version's map
// is made once.
func engineNames(e Engine) map[string]string {
	engineNamesMu.Lock()
	defer engineNamesMu.Unlock()
	if m, ok := engineNamesByVersion[e.Version]; ok {
		return m
	}
	m := map[string]string{}
	for class := range e.Classes {
		m[pascalToPascal(class)] = class
	}
	engineNamesByVersion[e.Version] = m
	return m
}

var (
	engineNamesMu        sync.Mutex
	engineNamesByVersion = map[string]map[string]string{} // by version
)

// pascalNames and pascalParts are the bindings generator's fixed
// names and parts (modules/mono/utils/naming_utils.cpp).
var (
	pascalNames = map[string]string{
		"BitMap": "Bitmap", "JSONRPC": "JsonRpc", "Object": "GodotObject", "OpenXRIPBinding": "OpenXRIPBinding",
		"SkeletonModification2DCCDIK": "SkeletonModification2DCcdik", "SkeletonModification2DFABRIK": "SkeletonModification2DFabrik",
		"SkeletonModification3DCCDIK": "SkeletonModification3DCcdik", "SkeletonModification3DFABRIK": "SkeletonModification3DFabrik",
		"System": "System_", "Thread": "GodotThread",
	}
	pascalParts = map[string]string{
		"AA": "AA", "AO": "AO", "FILENAME": "FileName", "FADEIN": "FadeIn", "FADEOUT": "FadeOut", "FX": "FX",
		"GI": "GI", "GZIP": "GZip", "HBOX": "HBox", "ID": "Id", "IO": "IO", "IP": "IP", "IV": "IV",
		"MACOS": "MacOS", "NODEPATH": "NodePath", "SPIRV": "SpirV", "STDIN": "StdIn", "STDOUT": "StdOut",
		"USERNAME": "UserName", "UV": "UV", "UV2": "UV2", "VBOX": "VBox", "WHITESPACE": "WhiteSpace",
		"WM": "WM", "XR": "XR", "XRAPI": "XRApi",
	}
)

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// splitPascal splits an engine name into its words as the bindings
// generator does (_split_pascal_case): HTTPRequest is HTTP, Request;
// Node3D is Node, 3D.
func splitPascal(id string) []string {
	var parts []string
	start, prevUpper := 0, isUpper(id[0])
	for i := 1; i < len(id); i++ {
		c := id[i]
		if prevUpper {
			if !isDigit(c) && !isLower(c) {
				continue
			}
			if !isDigit(c) {
				if i-start == 1 { // an upper letter that starts a word
					prevUpper = false
					continue
				}
				i-- // the last upper letter starts the next word
			}
			if i-start > 0 {
				parts = append(parts, id[start:i])
				start, prevUpper = i, false
			}
		} else if isDigit(c) || isUpper(c) {
			parts = append(parts, id[start:i])
			start, prevUpper = i, true
		}
	}
	if start != len(id) {
		parts = append(parts, id[start:])
	}
	return parts
}

// pascalToPascal is the C# name of an engine class (pascal_to_pascal_case).
func pascalToPascal(id string) string {
	if len(id) <= 2 {
		return upperASCII(id)
	}
	if n, ok := pascalNames[id]; ok {
		return n
	}
	var out []byte
	for _, part := range splitPascal(id) {
		if o, ok := pascalParts[part]; ok {
			out = append(out, o...)
			continue
		}
		if len(part) <= 2 && upperASCII(part) == part {
			out = append(out, part...)
			continue
		}
		b := []byte(part)
		b[0] = upperASCII(part[:1])[0]
		for i := 1; i < len(b); i++ {
			if isDigit(b[i-1]) {
				b[i] = upperASCII(string(b[i]))[0]
			} else if isUpper(b[i]) {
				b[i] += 'a' - 'A'
			}
		}
		out = append(out, b...)
	}
	return string(out)
}

// upperASCII upper-cases the ASCII letters of s.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if isLower(c) {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}
