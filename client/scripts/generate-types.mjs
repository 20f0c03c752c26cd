// Regenerates src/generated/openapi.ts, the request and response types of the client, from the
// service's OpenAPI document (what `/docs-json` serves), with openapi-typescript, formatted by the
// repository's Prettier settings so that the committed file is stable.
//
//   npm run generate -w client                       from the built service (dist/, run `npm run build` first)
//   npm run generate -w client -- --url <docs-json>  from a running service, e.g. http://localhost:3000/docs-json
//   npm run generate -w client -- --check            compare instead of writing; exit 1 on any difference
//
// Without --url the document is built in-process from dist/ the way the API builds it at start, in
// Nest's preview mode: the modules and their routes are read, no provider runs, so no database or
// Redis is needed.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(CLIENT, '..');
const TARGET = join(CLIENT, 'src', 'generated', 'openapi.ts');
const COMMAND = 'npm run build && npm run generate -w client';

const HEADER = `/**
 * Request and response types of the Event Store Service's HTTP API, generated from its OpenAPI
 * document (\`/docs-json\`) by openapi-typescript. Do not edit: run \`${COMMAND}\`.
 * A test regenerates this file from the built service and fails when it differs.
 */
`;

/** The OpenAPI document of the service built in dist/, as `/docs-json` would serve it. */
export async function documentFromBuild() {
  const require = createRequire(join(ROOT, 'package.json'));
  const dist = (path) => {
    try {
      return require(join(ROOT, 'dist', path));
    } catch (error) {
      throw new Error(`Cannot load dist/${path} (${error.message}); build the service first: npm run build`, { cause: error });
    }
  };
  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = dist('app.module.js');
  const { validateEnvironment } = dist('config/validate-environment.js');
  const { httpAdapter } = dist('configure-app.js');
  const { createOpenApiDocument } = dist('openapi/openapi-document.js');
  // Settings are validated as at start, but nothing connects in preview mode: these are never used.
  const config = validateEnvironment(
    { DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', JWT_SECRET: 'unused-unused-unused-unused-unused-unused' },
    { tokenKeys: true },
  );
  const app = await NestFactory.create(AppModule.forRoot(config), httpAdapter(config), {
    preview: true,
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/** The TypeScript module for a document, exactly as committed. */
export async function typesFromDocument(document) {
  // A field with a default may be left out of a request: keep it optional (openapi-typescript makes it required by default).
  const source = HEADER + '\n' + astToString(await openapiTS(document, { defaultNonNullable: false }));
  const options = await prettier.resolveConfig(TARGET);
  return prettier.format(source, { ...options, filepath: TARGET });
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, check: { type: 'boolean', default: false } } });
  let document;
  if (values.url) {
    const response = await fetch(values.url);
    if (!response.ok) throw new Error(`GET ${values.url} answered ${response.status}`);
    document = await response.json();
  } else {
    document = await documentFromBuild();
  }
  const types = await typesFromDocument(document);
  const where = relative(process.cwd(), TARGET) || TARGET;
  if (!values.check) {
    await writeFile(TARGET, types);
    console.log(`Wrote ${where} from ${values.url ?? 'the built service (dist/)'}`);
    return;
  }
  const committed = await readFile(TARGET, 'utf8').catch(() => '');
  if (committed === types) {
    console.log(`${where} matches the service's OpenAPI document`);
    return;
  }
  console.error(
    `${where} is out of date: the service's OpenAPI document (${values.url ?? 'built from dist/'}) gives different types.\n` +
      `Regenerate it with \`${COMMAND}\`, review the diff, and adapt the client to the changes.\n` +
      firstDifference(committed, types),
  );
  process.exitCode = 1;
}

function firstDifference(committed, generated) {
  const before = committed.split('\n');
  const after = generated.split('\n');
  const line = before.findIndex((text, index) => text !== after[index]);
  const at = line === -1 ? before.length : line;
  return `First difference at line ${at + 1}:\n  committed: ${before[at] ?? '(end of file)'}\n  generated: ${after[at] ?? '(end of file)'}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
