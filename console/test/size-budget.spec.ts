import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, '..', 'scripts', 'check-size.mjs');

/** The size check `npm run build -w console` ends with, on a made-up build. */
function checkBuild(files: Record<string, string | Buffer>) {
  const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), content);
    }
    const run = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, CONSOLE_DIST: dist }, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}`, gzipWritten: existsSync(path.join(dist, 'assets', 'app.js.gz')) };
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

const page = (...assets: string[]) =>
  `<!doctype html><html><head>${assets.map((asset) => `<script type="module" crossorigin src="/console/${asset}"></script>`).join('')}</head></html>`;

/** Random bytes as base64 text: JavaScript-like in kind, and barely compressible. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64');

describe('The console build’s size budget (250 KB gzip of first load)', () => {
  it('passes a first load within the budget and writes the gzip copies the API serves', () => {
    const result = checkBuild({ 'index.html': page('assets/app.js'), 'assets/app.js': 'console.log("hello");'.repeat(1000) });
    expect(result.status).toBe(0);
    expect(result.output).toMatch(/First load: [\d.]+ KB gzip of a 250\.0 KB budget\./);
    expect(result.gzipWritten).toBe(true);
  });

  it('fails the build when what index.html loads exceeds it', () => {
    const result = checkBuild({ 'index.html': page('assets/app.js'), 'assets/app.js': incompressible(270 * 1024) });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/First load: [\d.]+ KB gzip of a 250\.0 KB budget: over budget/);
  });

  it('does not count chunks loaded later', () => {
    const result = checkBuild({
      'index.html': page('assets/app.js'),
      'assets/app.js': 'import("./later.js");',
      'assets/later.js': incompressible(400 * 1024),
    });
    expect(result.status).toBe(0);
    expect(result.output).toMatch(/later\s+assets\/later\.js/);
  });
});
