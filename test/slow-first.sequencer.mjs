import Sequencer from '@jest/test-sequencer';

/**
 * Starts the suites that take longest first, so that on 2 workers they overlap with the many short
 * ones instead of running alone at the end: on a clean clone Jest has no timings of its own and orders
 * by file size, which put a 2-minute suite last. Times measured on a 2-core machine; a suite missing
 * here runs after these, in Jest's own order (its recorded durations when it has them).
 */
const SLOWEST_FIRST = [
  'test/e2e/docker.e2e-spec.ts',
  'client/test/rate-limit.e2e-spec.ts',
  'test/e2e/launcher.e2e-spec.ts',
  'test/e2e/operations.e2e-spec.ts',
  'client/test/database-failover.e2e-spec.ts',
  'test/e2e/tenant-fairness.e2e-spec.ts',
  'client/test/lists.e2e-spec.ts',
  'test/e2e/processes.e2e-spec.ts',
  'client/test/readme.e2e-spec.ts',
  'test/e2e/webhook-faults.e2e-spec.ts',
  'test/e2e/cli.e2e-spec.ts',
  'test/e2e/websocket.e2e-spec.ts',
  'client/test/build.e2e-spec.ts',
  'test/e2e/websocket-fairness.e2e-spec.ts',
  'test/e2e/webhook-fairness.e2e-spec.ts',
];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const index = SLOWEST_FIRST.findIndex((suffix) => test.path.endsWith(suffix));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const ordered = super.sort(tests);
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}

export default SlowFirstSequencer;
