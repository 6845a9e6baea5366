package csharp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The bindings' C# names of engine classes (pascal_to_pascal_case).
func TestPascalToPascal(t *testing.T) {
	for engine, cs := range map[string]string{
		"Node": "Node", "Node3D": "Node3D", "CharacterBody2D": "CharacterBody2D", "HTTPRequest": "HttpRequest",
		"MultiplayerAPI": "MultiplayerApi", "ENetMultiplayerPeer": "ENetMultiplayerPeer", "CPUParticles2D": "CpuParticles2D",
		"GPUParticles3D": "GpuParticles3D", "AESContext": "AesContext", "XRServer": "XRServer", "OS": "OS", "JSON": "Json",
		"Object": "GodotObject", "Thread": "GodotThread", "VBoxContainer": "VBoxContainer", "UPNP": "Upnp",
		"RDShaderFile": "RDShaderFile", "JSONRPC": "JsonRpc", "AnimationNodeBlendSpace2D": "AnimationNodeBlendSpace2D",
		"GLTFDocument": "GltfDocument", "CSGBox3D": "CsgBox3D", "TLSOptions": "TlsOptions",
	} {
		assert.Equal(t, cs, pascalToPascal(engine), engine)
	}
}
