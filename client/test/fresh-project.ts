import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..');
/** What `npm run build` packs, and the README tells users to install. */
export const TARBALL = join(CLIENT, 'dist', 'event-store-service-client.tgz');

const run = promisify(execFile);

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command; resolves with its exit code and output whatever the code. */
export async function command(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(file, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** This process's environment without the npm_* settings of the `npx jest` that runs the tests. */
function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

/**
 * A new project as a user makes one (`npm init -y`: CommonJS) in a temporary directory, with the
 * client installed from its packed tarball, offline: the package depends on nothing a registry holds.
 */
export class FreshProject {
  private constructor(
    private readonly root: string,
    readonly dir: string,
  ) {}

  static async create(): Promise<FreshProject> {
    const root = await mkdtemp(join(tmpdir(), 'client-install-'));
    const project = new FreshProject(root, join(root, 'my-app'));
    await mkdir(project.dir);
    await project.npm(['init', '-y']);
    await project.npm(['install', '--offline', '--no-audit', '--no-fund', TARBALL]);
    return project;
  }

  /** `npm <args>` in the project; throws with npm's output if it fails. */
  async npm(args: string[]): Promise<string> {
    const outcome = await command('npm', args, { cwd: this.dir, env: userEnvironment() });
    if (outcome.code !== 0) throw new Error(`npm ${args.join(' ')} failed (${outcome.code}): ${outcome.stderr}`);
    return outcome.stdout;
  }

  /** `node <args>` in the project, with only PATH and `env` in its environment. */
  node(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
    return command(process.execPath, args, { cwd: this.dir, env: { PATH: process.env.PATH ?? '', ...env } });
  }

  async write(name: string, text: string): Promise<string> {
    const path = join(this.dir, name);
    await writeFile(path, text);
    return path;
  }

  /**
   * Type-checks files of the project as a strict TypeScript project would, with Node's types:
   * `<file>: <message>` for each error.
   * `forTypeStripping` also requires erasable syntax and marked type imports, as Node's own
   * TypeScript support needs to run a `.mts` file as it is.
   */
  typecheck(files: string[], { forTypeStripping = false } = {}): string[] {
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      erasableSyntaxOnly: forTypeStripping,
      verbatimModuleSyntax: forTypeStripping,
    };
    const program = ts.createProgram(
      files.map((file) => join(this.dir, file)),
      options,
    );
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (diagnostic) => `${basename(diagnostic.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
      );
  }

  /**
   * Runs a `.mts` file as the README says: with Node's type stripping where this Node has it
   * (22.18, 23.6 and later), else compiled to JavaScript first, as `tsx` would run it.
   */
  async runTypeScript(file: string, env: Record<string, string>): Promise<Outcome> {
    const [major, minor] = process.versions.node.split('.').map(Number);
    if (major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18)) return this.node([file], env);
    const source = await readFile(join(this.dir, file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    const compiled = await this.write(file.replace(/\.mts$/, '.mjs'), outputText);
    return this.node([compiled], env);
  }

  remove(): Promise<void> {
    return rm(this.root, { recursive: true, force: true });
  }
}
