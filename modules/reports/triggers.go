package reports

// AggregateTriggers starts the name of every trigger that keeps the daily aggregates on a write
// of the owners' tables. Everything they keep, RebuildAggregates recomputes, so a bulk load may
// set them aside (platform/db's PauseTriggers) and rebuild once at its end (the demo seed).
const AggregateTriggers = "report_"
