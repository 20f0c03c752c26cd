import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an `Authorization` header carries METRICS_TOKEN. Without the setting nothing does:
 * metrics describe the deployment's traffic and must not be public by accident.
 */
export function carriesMetricsToken(authorization: string | undefined, metricsToken: string | undefined): boolean {
  const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  // Fixed-length digests keep the comparison constant-time whatever the token's length.
  return metricsToken !== undefined && token !== undefined && timingSafeEqual(digest(token), digest(metricsToken));
}
