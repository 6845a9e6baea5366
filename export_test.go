package gdvar

// What the external tests (package gdvar_test) use of this package's
// test-only code, as the standard library exports internals to its
// external tests: nothing here is part of the API.

// NewTokenFloor is newTokenFloor, for BenchmarkDecodeGameStateFloor.
var NewTokenFloor = newTokenFloor
