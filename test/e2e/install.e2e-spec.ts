import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const MANIFESTS = ['package.json', 'package-lock.json', 'client/package.json', 'console/package.json'];
/** The EBADENGINE warnings' packages ask for Node 22; from there on npm has nothing to warn about. */
const WARNS_ABOUT_ENGINES = Number(process.versions.node.split('.')[0]) < 22;

/**
 * What `npm ci` prints from a fresh clone, as the README's Quick start promises it. `npm ci --dry-run`
 * in a folder holding only the manifests decides the same install, with the same warnings, and
 * writes nothing (the lock names every package, so the cache is enough).
 */
describe('npm ci from a fresh clone', () => {
  let warnings: string[];

  beforeAll(async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'npm-ci-'));
    try {
      for (const file of MANIFESTS) {
        mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
        copyFileSync(path.join(ROOT, file), path.join(folder, file));
      }
      const { stdout, stderr } = await promisify(execFile)('npm', ['ci', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: folder,
      });
      warnings = `${stdout}\n${stderr}`.split('\n').filter((line) => line.startsWith('npm warn'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000); // a few seconds here, 43 s at load 9: the bound only ends a hung npm

  it('runs no dependency install script that package.json has not decided about (allowScripts)', () => {
    expect(warnings.filter((line) => line.includes('install-scripts'))).toEqual([]);
  });

  it('warns only about the engines the README names, and about nothing else', () => {
    const engineWarnings = warnings.filter((line) => line.startsWith('npm warn EBADENGINE'));
    const packages = engineWarnings.flatMap((line) => /package: '(.+)@[^@]+'/.exec(line)?.[1] ?? []);
    const readmeNote = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
      .split('\n\n')
      .find((paragraph) => paragraph.includes('EBADENGINE'));
    expect(readmeNote).toBeDefined();
    if (WARNS_ABOUT_ENGINES) {
      expect(packages.length).toBeGreaterThan(0);
      for (const name of packages) expect(readmeNote).toContain(`\`${name}\``);
    } else {
      expect(packages).toEqual([]);
    }
    expect(warnings.filter((line) => !engineWarnings.includes(line))).toEqual([]);
  });
});
