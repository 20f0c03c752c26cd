import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A Dockerfile's working directory, which each stage's folder stands for. */
const WORKDIR = '/app';

/**
 * Runs a Dockerfile's stages without Docker, as far as a test can: each stage in a folder of its own
 * standing for its WORKDIR (which must be /app), COPY from the build context (less .dockerignore's
 * paths) or from an earlier stage, RUN through `sh -c` there with the stage's ENV and this user's home,
 * so that npm uses this machine's cache as the Dockerfile's cache mount would. FROM's image, USER,
 * EXPOSE and CMD are not emulated: commands run on this Node, as this user. Returns each stage's folder
 * by name.
 */
export async function runDockerfile(context: string, workRoot: string): Promise<Map<string, string>> {
  const ignored = readIgnoreFile(path.join(context, '.dockerignore'));
  const stages = new Map<string, string>();
  let stage: { dir: string; env: Record<string, string> } | undefined;
  for (const [instruction, rest] of instructions(readFileSync(path.join(context, 'Dockerfile'), 'utf8'))) {
    if (instruction === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? `stage-${stages.size}`;
      stage = { dir: path.join(workRoot, name), env: {} };
      mkdirSync(stage.dir, { recursive: true });
      stages.set(name, stage.dir);
    } else if (instruction === 'ARG' || !stage) {
      continue;
    } else if (instruction === 'WORKDIR') {
      if (rest !== WORKDIR) throw new Error(`WORKDIR ${rest}: only ${WORKDIR} is emulated`);
    } else if (instruction === 'ENV') {
      const [name, ...value] = rest.split('=');
      stage.env[name] = value.join('=');
    } else if (instruction === 'COPY') {
      copy(rest, context, ignored, stages, stage.dir);
    } else if (instruction === 'RUN') {
      await run(rest.replace(/^(--\S+\s+)+/, ''), stage.dir, stage.env);
    }
  }
  return stages;
}

/** The instructions, continuation lines joined, comments and blank lines left out. */
function instructions(text: string): [string, string][] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [instruction, ...rest] = line.split(/\s+/);
      return [instruction.toUpperCase(), rest.join(' ')];
    });
}

/**
 * `COPY [--from=stage] source… destination`, sources read from the context or from the stage's /app: a
 * folder's contents go into the destination, a file into it when it ends with `/` or there are several
 * sources, else to it.
 */
function copy(args: string, context: string, ignored: (relative: string) => boolean, stages: Map<string, string>, dir: string): void {
  const words = args.split(/\s+/);
  const from = words[0].startsWith('--from=') ? stages.get(words.shift()!.slice('--from='.length)) : undefined;
  const destination = words.pop()!;
  const intoFolder = words.length > 1 || destination.endsWith('/');
  for (const source of words) {
    const origin = from ? path.join(from, path.relative(WORKDIR, source)) : path.join(context, source);
    if (!existsSync(origin)) throw new Error(`COPY ${args}: ${source} does not exist`);
    const file = !statSync(origin).isDirectory();
    const target = file && intoFolder ? path.join(dir, destination, path.basename(source)) : path.join(dir, destination);
    cpSync(origin, target, { recursive: true, filter: (entry) => from !== undefined || !ignored(path.relative(context, entry)) });
  }
}

/** A matcher for .dockerignore's forms used here: `name` (from the context's root) and `**` + `/name` (anywhere). */
function readIgnoreFile(file: string): (relative: string) => boolean {
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
    : [];
  const anywhere = patterns.filter((pattern) => pattern.startsWith('**/')).map((pattern) => pattern.slice(3));
  const rooted = patterns.filter((pattern) => pattern !== '' && !pattern.startsWith('#') && !pattern.startsWith('**/'));
  return (relative) =>
    rooted.some((pattern) => relative === pattern || relative.startsWith(`${pattern}/`)) ||
    relative.split(path.sep).some((segment) => anywhere.includes(segment));
}

function run(command: string, cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`RUN ${command} exited with ${code}:\n${output}`))));
  });
}
