package migrations

// UpTo applies the migrations named up to until, for a test of a later migration over rows
// written before it.
var UpTo = upTo
