//go:build !race

package locust

const raceDetector = false
