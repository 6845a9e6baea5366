// Package csharp reads the declarations of a Godot project's C# scripts
// as Godot's C# source generators and GodotSharp read them (the engine's
// modules/mono): each file's types and the parts of partial ones, their
// attributes, bases, [Rpc] methods with their settings and parameters,
// and [Export] members; the names a declaration looks types up by,
// across a project's files (Scope); the Variant type each member holds;
// and what the build or the engine refuses (Fault: GD0101…, CS0579…).
// The source may be hostile: every nesting is bounded, and a file's
// declarations are kept in memory that grows as the file does, not
// faster. Package project makes its scripts of what this one reads.
package csharp
