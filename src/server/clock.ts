/**
 * What time it is, for scheduled work that depends on the wall clock (check-ins, issue 52). The
 * system's clock in the app; tests and the browser tests' harness hand buildApp one they set, so
 * a schedule is tried at any instant without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
