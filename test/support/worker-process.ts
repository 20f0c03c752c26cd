import type { EnvironmentVariables } from '../../src/config/environment-variables';
import { ServiceProcess } from './service-process';

/** A real `dist/worker.js` on the test app's database and Redis prefix, ready to deliver. */
export async function startWorker(
  config: Pick<EnvironmentVariables, 'DATABASE_URL' | 'REDIS_URL' | 'REDIS_PREFIX'>,
  overrides: Record<string, string> = {},
): Promise<ServiceProcess> {
  const worker = ServiceProcess.start('dist/worker.js', {
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_SWEEP_INTERVAL_MS: '500',
    LOG_LEVEL: 'info',
    ...overrides,
  });
  await worker.waitForOutput(/Worker ready/);
  return worker;
}
