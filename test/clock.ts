// The fixed clock of every in-process test: next runs and time windows never depend on the day the suite runs.
/** 2026-11-25 12:00 UTC, a Wednesday: the sample's schedules all have a next run within a day of it. */
export const TEST_NOW = Date.parse('2026-11-25T12:00:00Z');

/** A clock that always reads TEST_NOW. */
export const fixedClock = (): number => TEST_NOW;
