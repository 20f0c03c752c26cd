import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type Redis from 'ioredis';
import { waitFor } from './wait-for';
import { redisPrefixFor, testEnvironment } from './test-environment';

export interface CliResult {
  /** The exit code; null when a signal ended it (SIGKILL past CLI_TIMEOUT_MS). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * How long a CLI run may take before it is killed: a command takes about a second here, so this is
 * far beyond what a busy machine adds. A CLI that never exits is not left running, and its test fails
 * on its result (code null, SIGKILL) with what it printed, unless Jest's own timeout comes first.
 */
const CLI_TIMEOUT_MS = 90_000;

/**
 * Runs the built CLI (`npm run cli -- …`) against one database, with the tests' Redis and that
 * database's prefix: its revocations are broadcast to the API instances on that database, and to no one else's.
 */
export function cli(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  return cliWith({ DATABASE_URL: databaseUrl }, ...args);
}

/** Runs the built CLI with this environment (plus PATH and the tests' Redis), e.g. without DATABASE_URL. */
export function cliWith(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return cliIn(process.cwd(), env, ...args);
}

/** Runs the CLI built in `projectFolder` (another clone, say) with this environment (plus PATH and the tests' Redis). */
export async function cliIn(projectFolder: string, env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['dist/cli/main.js', ...args], {
      cwd: projectFolder,
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { PATH: process.env.PATH ?? '', REDIS_URL: testEnvironment.redisUrl, REDIS_PREFIX: redisPrefixFor(env.DATABASE_URL), ...env },
    });
    return { code: 0, signal: null, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };
    return { code: failure.code, signal: failure.signal, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Creates a tenant and an API key of it with the CLI, each run expected to succeed; resolves to the key's id. */
export async function createKeyWithCli(env: Record<string, string>, tenantName: string): Promise<string> {
  const tenant = await cliWith(env, 'tenants:create', tenantName);
  expect(tenant).toMatchObject({ code: 0 });
  const key = await cliWith(env, 'api-keys:create', (JSON.parse(tenant.stdout) as { id: string }).id, '--name', 'ops');
  expect(key).toMatchObject({ code: 0 });
  return (JSON.parse(key.stdout) as { id: string }).id;
}

/**
 * Revokes a key with the CLI while `listener`, a client of the server that carries the revocation
 * channel, listens on it (sharded pub/sub on a Cluster's slot master, as the service announces there);
 * resolves to the messages it heard.
 */
export async function revokeWithCliHeardBy(
  env: Record<string, string>,
  keyId: string,
  listener: Redis,
  { sharded }: { sharded: boolean },
): Promise<unknown[]> {
  const heard: unknown[] = [];
  listener.on(sharded ? 'smessage' : 'message', (_channel: string, message: string) => heard.push(JSON.parse(message)));
  await listener.connect();
  const channel = `${env.REDIS_PREFIX}:auth:revocations`;
  await (sharded ? listener.ssubscribe(channel) : listener.subscribe(channel));
  expect(await cliWith(env, 'api-keys:revoke', keyId)).toMatchObject({ code: 0 });
  // The CLI answers once Redis has taken the announcement: 10 s is far more than its delivery here takes.
  await waitFor(() => heard.length > 0, { timeoutMs: 10_000, what: `the revocation announced on ${channel}` });
  return heard;
}
