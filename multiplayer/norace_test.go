//go:build !race

package multiplayer

const raceDetector = false
