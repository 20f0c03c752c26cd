import type { EnvironmentVariables } from '../config/environment-variables';
import { startApi } from '../start-api';
import { tellPrimary } from './cluster-messages';

/**
 * One node:cluster worker of the API: the API as a lone process runs it, without the migrations,
 * which the primary ran before forking. A failure to start goes to the primary, which reports it
 * once, stops the other workers and exits 1, rather than to stderr once per worker.
 */
export async function runApiWorker(config: EnvironmentVariables): Promise<void> {
  try {
    await startApi(config, { migrate: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!(await tellPrimary({ type: 'event-store:start-failed', reason }))) console.error(`API worker failed to start: ${reason}`);
    process.exit(1);
  }
}
