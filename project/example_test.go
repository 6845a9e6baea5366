package project_test

import (
	"fmt"

	"github.com/gdvar/gdvar/project"
)

func ExampleParseScript() {
	src := `class_name Player extends CharacterBody2D
@export var items: Array[Resource] = []
@rpc("any_peer", "call_local", "unreliable_ordered", 2)
func hit(amount: int) -> void:
	pass
@rpc
func die(): pass
`
	s, err := project.ParseScript([]byte(src), "res://player.gd")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Name, "extends", s.Extends)
	for _, v := range s.Properties {
		fmt.Println(v.Name, v.Type, "stored:", v.Stored())
	}
	for _, m := range s.Methods {
		fmt.Printf("%s: %v, %v, channel %d, call_local %v\n", m.Name, m.RPC.Mode, m.RPC.Transfer, m.RPC.Channel, m.RPC.CallLocal)
	}
	// Output:
	// Player extends CharacterBody2D
	// items Array[Resource] stored: true
	// hit: any_peer, unreliable_ordered, channel 2, call_local true
	// die: authority, reliable, channel 0, call_local false
}
