import { join } from 'node:path';
import ts from 'typescript';

const CLIENT = join(__dirname, '..');

/** Compiles one file (and what it imports) with the client's strict options; its diagnostics as text. */
function compile(file: string, source?: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  if (source !== undefined) {
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    host.fileExists = (
      (fileExists) => (name: string) =>
        name === file || fileExists(name)
    )(host.fileExists.bind(host));
  }
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

// Type-checks part of the client's sources: seconds, more on a busy machine.
jest.setTimeout(60_000);

describe('defineProjection types, in strict TypeScript', () => {
  it('infer the state without type arguments and type event data with both (test/types/projections.ts compiles clean)', () => {
    expect(compile(join(CLIENT, 'test', 'types', 'projections.ts'))).toEqual([]);
  });

  it('name the missing Events type argument, in one line, where a handler reads untyped event data', () => {
    const file = join(CLIENT, 'test', 'types', 'missing-events.ts');
    const source = `
      import { defineProjection } from '../../src/index.js';
      export const capacity = defineProjection<{ capacity: number; subscriptions: number }>({
        initialState: { capacity: 0, subscriptions: 0 },
        handlers: { 'course.defined': (state, event) => ({ ...state, capacity: event.data.capacity }) },
      });
      export const inferred = defineProjection({
        initialState: { capacity: 0 },
        handlers: { 'course.defined': (state, event) => ({ capacity: event.data.capacity }) },
      });`;
    expect(compile(file, source)).toEqual([
      "Type 'MissingEventsTypeArgument' is not assignable to type 'number'.",
      "Type 'MissingEventsTypeArgument' is not assignable to type 'number'.",
    ]);
  });
});
