// After `vite build`: holds the console to its size budget and writes the gzip copies the API serves.
//
// The budget is what a browser downloads before the console can show anything: index.html and every
// script, stylesheet and preload it names, gzip-compressed (as the API serves them to browsers that
// accept gzip). The build fails when that exceeds BUDGET_BYTES. Chunks loaded later are listed, not
// counted.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;

// CONSOLE_DIST: another build to check (the test of this script).
const dist = process.env.CONSOLE_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt)$/;

const gzipped = (file) => gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function filesUnder(directory) {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** The files index.html makes the browser fetch at once: scripts, stylesheets, module preloads. */
function firstLoad(html) {
  const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/console\/([^"]+)"/g)].map((match) => match[1]);
  return ['index.html', ...new Set(referenced)];
}

const sizes = new Map();
for (const file of filesUnder(dist).filter((file) => COMPRESSIBLE.test(file))) {
  const compressed = gzipped(file);
  writeFileSync(`${file}.gz`, compressed);
  sizes.set(path.relative(dist, file).split(path.sep).join('/'), { raw: statSync(file).size, gzip: compressed.length });
}

const initial = firstLoad(readFileSync(path.join(dist, 'index.html'), 'utf8'));
let total = 0;
for (const file of initial) {
  const size = sizes.get(file);
  if (!size) throw new Error(`index.html names ${file}, which the build did not produce`);
  total += size.gzip;
  console.log(`  first load  ${file.padEnd(40)} ${kb(size.raw).padStart(10)}  ${kb(size.gzip).padStart(9)} gzip`);
}
for (const [file, size] of sizes) {
  if (!initial.includes(file))
    console.log(`  later       ${file.padEnd(40)} ${kb(size.raw).padStart(10)}  ${kb(size.gzip).padStart(9)} gzip`);
}

const verdict = `First load: ${kb(total)} gzip of a ${kb(BUDGET_BYTES)} budget`;
if (total > BUDGET_BYTES) {
  console.error(`${verdict}: over budget. Trim dependencies or load views lazily (import()).`);
  process.exit(1);
}
console.log(`${verdict}.`);
