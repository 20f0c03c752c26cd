import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RunningApi } from './harness';

const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..');
const GENERATE = join(CLIENT, 'scripts', 'generate-types.mjs');
const run = promisify(execFile);

/** Runs `node <args>` from the repository's root; resolves with its exit code and output whatever the code. */
async function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

jest.setTimeout(120_000);

describe('The built client', () => {
  describe('its types (src/generated/openapi.ts)', () => {
    let service: RunningApi;
    beforeAll(async () => {
      service = await RunningApi.start();
    });
    afterAll(() => service.stop());

    it('match the OpenAPI document the built API serves at /docs-json', async () => {
      const check = await node([GENERATE, '--check', '--url', `${service.url}/docs-json`]);
      expect({ code: check.code, stderr: check.stderr }).toEqual({ code: 0, stderr: '' });
      expect(check.stdout).toMatch(/matches the service's OpenAPI document/);
    });

    it('match the document `npm run generate -w client` builds from dist/ without a database', async () => {
      const check = await node([GENERATE, '--check']);
      expect({ code: check.code, stderr: check.stderr }).toEqual({ code: 0, stderr: '' });
    });

    it('fail the check on any drift, saying which command regenerates them', async () => {
      const document = (await (await fetch(`${service.url}/docs-json`)).json()) as {
        components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
      };
      const stored = document.components.schemas.StoredEventResponseDto;
      stored.properties.causationId = { type: 'string' };
      stored.required = [...(stored.required ?? []), 'causationId'];
      const server = createServer((_request, response) =>
        response.setHeader('content-type', 'application/json').end(JSON.stringify(document)),
      );
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const check = await node([GENERATE, '--check', '--url', `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs-json`]);
        expect(check.code).toBe(1);
        expect(check.stderr).toMatch(/src\/generated\/openapi\.ts is out of date/);
        expect(check.stderr).toMatch(/npm run build && npm run generate -w client/);
        expect(check.stderr).toMatch(/causationId/);
      } finally {
        server.close();
      }
    });
  });

  describe('its package', () => {
    const manifest = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as {
      name: string;
      exports: { '.': { import: { types: string; default: string }; require: { types: string; default: string } } };
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };

    it('depends on nothing, and declares ws (for subscriptions on Node 20) as an optional peer', () => {
      expect(manifest.dependencies).toBeUndefined();
      expect(manifest.peerDependencies).toEqual({ ws: '^8.0.0' });
      expect(manifest.peerDependenciesMeta).toEqual({ ws: { optional: true } });
    });

    it('has every file its exports map names (run `npm run build` first)', () => {
      const { import: esm, require: cjs } = manifest.exports['.'];
      for (const file of [esm.types, esm.default, cjs.types, cjs.default]) {
        expect({ file, exists: existsSync(join(CLIENT, file)) }).toEqual({ file, exists: true });
      }
      expect(JSON.parse(readFileSync(join(CLIENT, 'dist', 'cjs', 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    });

    it('loads through require() as CommonJS and through import() as an ES module, each exporting EventStoreClient', async () => {
      const script = `
        const name = ${JSON.stringify(manifest.name)};
        const cjs = require(name);
        import(name).then((esm) => {
          console.log(JSON.stringify({
            required: require.resolve(name),
            cjs: { client: typeof cjs.EventStoreClient, verify: typeof cjs.verifyWebhook, error: typeof cjs.VersionConflictError },
            esm: { client: typeof esm.EventStoreClient, verify: typeof esm.verifyWebhook, error: typeof esm.VersionConflictError },
            distinct: cjs.EventStoreClient !== esm.EventStoreClient,
            works: new esm.EventStoreClient({ baseUrl: 'http://localhost', apiKey: 'k' }).store('s').ref,
          }));
        });`;
      const loaded = await node(['--input-type=commonjs', '-e', script]);
      expect(loaded.stderr).toBe('');
      const result = JSON.parse(loaded.stdout) as Record<string, unknown>;
      expect(result).toEqual({
        required: join(CLIENT, 'dist', 'cjs', 'index.js'),
        cjs: { client: 'function', verify: 'function', error: 'function' },
        esm: { client: 'function', verify: 'function', error: 'function' },
        distinct: true,
        works: 's',
      });
      const resolved = await node(['--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(manifest.name)}))`]);
      expect(resolved.stdout.trim()).toBe(`file://${join(CLIENT, 'dist', 'esm', 'index.js')}`);
    });
  });
});
