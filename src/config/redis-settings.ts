import type { EnvironmentVariables } from './environment-variables';

/**
 * What is inconsistent among the Redis settings (docs/redis.md): one topology at a time, each with
 * what it needs, and no setting that the chosen topology would silently ignore.
 */
export function redisSettingsProblems(config: EnvironmentVariables, present: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const sentinels = config.REDIS_SENTINELS !== undefined;
  const cluster = config.REDIS_CLUSTER_NODES !== undefined;
  if (sentinels && cluster) problems.push('REDIS_SENTINELS and REDIS_CLUSTER_NODES name two different Redis set-ups: set one of them');
  if ((sentinels || cluster) && present.REDIS_URL !== undefined) {
    problems.push(
      `REDIS_URL names a single Redis server: leave it unset with ${sentinels ? 'REDIS_SENTINELS' : 'REDIS_CLUSTER_NODES'} (its password goes in REDIS_PASSWORD)`,
    );
  }
  if (sentinels && !config.REDIS_SENTINEL_MASTER) {
    problems.push('REDIS_SENTINEL_MASTER must name the master the Sentinels watch (their "sentinel monitor <name>")');
  }
  for (const setting of ['REDIS_SENTINEL_MASTER', 'REDIS_SENTINEL_PASSWORD'] as const) {
    if (!sentinels && config[setting] !== undefined) problems.push(`${setting} is read only with REDIS_SENTINELS`);
  }
  if (!sentinels && !cluster && config.REDIS_PASSWORD !== undefined) {
    problems.push(
      'REDIS_PASSWORD is read only with REDIS_SENTINELS or REDIS_CLUSTER_NODES: a single Redis takes it in REDIS_URL (redis://:password@host:6379)',
    );
  }
  if (cluster && !/\{.+\}/.test(config.REDIS_PREFIX)) {
    problems.push(
      'REDIS_PREFIX must hold a {hash tag} on a Redis Cluster (e.g. {es}), so that the queue scripts and every command on several keys find their keys in one slot',
    );
  }
  return problems;
}
