//go:build !race

package enet

const raceDetector = false
