// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with declarations, with the repository's
// TypeScript (the root's, not the older one openapi-typescript brings along for itself), then packs
// the package as npm would publish it into dist/event-store-service-client.tgz: the client is on no
// registry, so other projects install that file by its path.
//
//   node scripts/build.mjs              build both, and pack
//   node scripts/build.mjs --typecheck  type-check the library and its tests, emit nothing
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSC = createRequire(join(CLIENT, '..', 'package.json')).resolve('typescript/bin/tsc');

const tsc = (project) => execFileSync(process.execPath, [TSC, '-p', join(CLIENT, project)], { stdio: 'inherit' });

if (process.argv.includes('--typecheck')) {
  tsc('tsconfig.json');
  tsc('test/tsconfig.json');
} else {
  rmSync(join(CLIENT, 'dist'), { recursive: true, force: true });
  tsc('tsconfig.esm.json');
  tsc('tsconfig.cjs.json');
  mkdirSync(join(CLIENT, 'dist', 'cjs'), { recursive: true });
  writeFileSync(join(CLIENT, 'dist', 'cjs', 'package.json'), JSON.stringify({ type: 'commonjs' }, null, 2) + '\n');
  pack();
}

/** `npm pack` into dist/, under a name without the version, so that the documented path never changes. */
function pack() {
  // Under `npm run`, the npm that runs us; otherwise the one on the PATH.
  const [command, ...prefix] = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const output = execFileSync(command, [...prefix, 'pack', '--json', '--pack-destination', join(CLIENT, 'dist')], {
    cwd: CLIENT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [{ filename }] = JSON.parse(output);
  renameSync(join(CLIENT, 'dist', filename), join(CLIENT, 'dist', 'event-store-service-client.tgz'));
}
