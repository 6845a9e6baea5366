//go:build !race

package fileaccess

const raceDetector = false
