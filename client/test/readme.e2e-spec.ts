import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { FreshProject } from './fresh-project';
import { RunningApi } from './harness';
import { codeBlocks } from './markdown';

const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..');

// npm, the API, TypeScript compilations and the examples themselves: a minute on a busy machine.
jest.setTimeout(180_000);

const readme = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The first TypeScript block under a heading of a README. */
function example(path: string, heading: string): string {
  const block = codeBlocks(readme(path), 'ts').find((candidate) => candidate.heading === heading);
  if (!block) throw new Error(`${path} has no ts block under "${heading}"`);
  return block.code;
}

/**
 * What the client README's other examples take from around them (a client, a store, your own
 * functions), declared so that each block compiles on its own as a reader would complete it.
 */
const PRELUDE = `import type * as Client from '@event-store-service/client';
declare global {
  const baseUrl: string;
  const apiKey: string;
  const EventStoreClient: typeof Client.EventStoreClient;
  const client: Client.EventStoreClient;
  const orders: Client.EventStore;
  const secret: string;
  const subscriptionId: string;
  type OrderEvent = Client.StoredEvent<'order.created', { total: number }> | Client.StoredEvent<'order.paid', { amount: number }>;
  function loadCheckpoint(): Promise<number | undefined>;
  function saveCheckpoint(position: number): Promise<void>;
  function project(event: Client.LiveEvent): Promise<void>;
  function handle(event: Client.StoredEvent): Promise<void>;
  const db: { query(sql: string, values: unknown[]): Promise<unknown> };
}
`;

/** Compiles in-memory files placed in client/test/readme/, so that they import the built client as the workspace resolves it. */
function compileInPlace(files: Record<string, string>): string[] {
  const directory = join(CLIENT, 'test', 'readme');
  const virtual = new Map(Object.entries(files).map(([name, text]) => [join(directory, name), text]));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts'],
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const { readFile, fileExists } = host;
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${diagnostic.file?.fileName.slice(directory.length + 1)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    );
}

describe('The READMEs\u2019 TypeScript (run `npm run build` first)', () => {
  let service: RunningApi;
  let project: FreshProject;
  beforeAll(async () => {
    [service, project] = await Promise.all([RunningApi.start(), FreshProject.create()]);
  });
  afterAll(() => Promise.all([service.stop(), project.remove()]));

  it.each([
    ['client/README.md', 'Quick start', 'quick-start.mts', /^0: created, total 42\n1: paid 42\n$/],
    ['README.md', 'The same from TypeScript', 'orders.mts', /^order\.created { total: 42 }\norder\.paid {}\n(\d+ order-\d+ total 42\n)+$/],
  ])('%s, "%s": pasted into a new project, it type-checks and runs, twice', async (path, heading, file, output) => {
    await project.write(file, example(path, heading));
    expect(project.typecheck([file], { forTypeStripping: true })).toEqual([]);
    const { key } = await service.tenantWithKey();
    const env = { API_KEY: key, EVENT_STORE_URL: service.url };
    for (const run of [1, 2]) {
      const outcome = await project.runTypeScript(file, env);
      expect({ run, ...outcome, stdout: output.test(outcome.stdout) ? 'as expected' : outcome.stdout }).toEqual({
        run,
        code: 0,
        stdout: 'as expected',
        stderr: '',
      });
    }
  });

  it('client/README.md: every TypeScript block compiles against the built client', () => {
    const blocks = codeBlocks(readme('client/README.md'), 'ts');
    expect(blocks.length).toBeGreaterThanOrEqual(9);
    const files = Object.fromEntries(blocks.map((block, n) => [`block-${n + 1}.mts`, block.code]));
    const errors = compileInPlace({ ...files, 'prelude.d.mts': PRELUDE });
    expect(errors.map((error) => `${blocks[Number(/^block-(\d+)/.exec(error)?.[1]) - 1]?.heading}: ${error}`)).toEqual([]);
  });
});
