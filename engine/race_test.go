//go:build race

package engine

// The race detector allocates on its own; allocation budgets are checked without it.
const raceEnabled = true
