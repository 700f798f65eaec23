import type { Clock } from '../../src/server/clock';

/** A clock the test sets (the app's scheduled work, such as check-ins, reads it). */
export class TestClock implements Clock {
  at = new Date();
  now() {
    return new Date(this.at);
  }
}
