package demo

// KeepTriggers makes Seed leave the reports' triggers on, as every write but the seed's finds
// them, and returns what undoes it.
func KeepTriggers() func() {
	pauseTriggers = false
	return func() { pauseTriggers = true }
}
