package xlsx

// SetSheetRows lowers how many rows a sheet holds, for a test of the sheets that follow; the
// returned func restores it.
func SetSheetRows(n int) func() {
	old := sheetRows
	sheetRows = n
	return func() { sheetRows = old }
}
