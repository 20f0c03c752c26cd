import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { FreshProject, TARBALL } from './fresh-project';

// npm and a TypeScript compilation: seconds, more on a busy machine.
jest.setTimeout(120_000);

describe('Installing the client as its README says (run `npm run build` first)', () => {
  let project: FreshProject;
  beforeAll(async () => {
    project = await FreshProject.create();
  });
  afterAll(() => project.remove());

  it('finds in dist/event-store-service-client.tgz the built package and nothing else', async () => {
    const { stdout } = await promisify(execFile)('tar', ['-tzf', TARBALL]);
    const files = stdout.split('\n').filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/README.md',
        'package/LICENSE',
        'package/dist/esm/index.js',
        'package/dist/esm/index.d.ts',
        'package/dist/cjs/index.js',
        'package/dist/cjs/index.d.ts',
        'package/dist/cjs/package.json',
        'package/src/index.ts',
      ]),
    );
    expect(files.filter((file) => !/^package\/(dist\/(esm|cjs)\/|src\/|package\.json$|README\.md$|LICENSE$)/.test(file))).toEqual([]);
  });

  it('installs with npm offline into a project `npm init -y` made, which is CommonJS', async () => {
    const manifest = JSON.parse(await project.npm(['pkg', 'get'])) as { type?: string; dependencies: Record<string, string> };
    expect(manifest.type ?? 'commonjs').toBe('commonjs');
    expect(manifest.dependencies).toEqual({
      '@event-store-service/client': expect.stringMatching(/^file:.*event-store-service-client\.tgz$/),
    });
    // No ws: an optional peer dependency is not installed for the client.
    const installed = JSON.parse(await project.npm(['ls', '--all', '--json'])) as { dependencies: Record<string, unknown> };
    expect(Object.keys(installed.dependencies)).toEqual(['@event-store-service/client']);
  });

  it('loads there through require() and through import', async () => {
    const probe = (client: string) =>
      `JSON.stringify({ client: typeof ${client}.EventStoreClient, error: typeof ${client}.VersionConflictError, store: new ${client}.EventStoreClient({ baseUrl: 'http://localhost:3000', apiKey: 'k' }).store('orders').ref })`;
    const required = await project.node(['-e', `const client = require('@event-store-service/client'); console.log(${probe('client')})`]);
    const imported = await project.node([
      '--input-type=module',
      '-e',
      `import * as client from '@event-store-service/client'; console.log(${probe('client')})`,
    ]);
    const expected = { client: 'function', error: 'function', store: 'orders' };
    expect({ stderr: required.stderr, loaded: JSON.parse(required.stdout) as unknown }).toEqual({ stderr: '', loaded: expected });
    expect({ stderr: imported.stderr, loaded: JSON.parse(imported.stdout) as unknown }).toEqual({ stderr: '', loaded: expected });
  });

  it('gives TypeScript its types there, to ES modules and to CommonJS', async () => {
    const program = `import { EventStoreClient, type StoredEvent } from '@event-store-service/client';
export async function totals(): Promise<number[]> {
  const orders = new EventStoreClient({ baseUrl: 'http://localhost:3000', apiKey: 'k' }).store('orders');
  const totals: number[] = [];
  for await (const event of orders.readStream<StoredEvent<'order.created', { total: number }>>('order-1')) totals.push(event.data.total);
  return totals;
}
`;
    await project.write('esm.mts', program);
    await project.write('cjs.cts', program);
    await project.write('wrong.mts', program.replace('totals.push(event.data.total)', 'totals.push(event.data.amount)'));
    expect(project.typecheck(['esm.mts', 'cjs.cts', 'wrong.mts'])).toEqual([
      "wrong.mts: Property 'amount' does not exist on type '{ total: number; }'.",
    ]);
  });
});
