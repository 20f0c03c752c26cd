/**
 * DATABASE_REPLICA_URLS as a list: URLs separated by commas, each of which may itself name several
 * hosts with commas (libpq's multi-host form), so a list item starts only where a scheme does.
 */
export function replicaUrls(setting: string | undefined): string[] {
  if (!setting || setting.trim() === '') return [];
  return setting
    .split(/,(?=\s*postgres(?:ql)?:\/\/)/)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}
