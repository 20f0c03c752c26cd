import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** SQL's clock keywords: no parentheses, so no function name to find, and never immutable. */
const CLOCK_KEYWORDS = ['current_timestamp', 'current_date', 'current_time', 'localtime', 'localtimestamp'];
const WRITE = /\b(INSERT|UPDATE|DELETE)\b/i;
const READ = /^\s*\(?\s*(SELECT|WITH)\b/i;

/**
 * Where `sql` puts a call of a non-immutable function (one of `mutable`, names from pg_proc) or a
 * clock keyword inside COALESCE(…) or CASE … END in a statement that may write, the SQL that Citus
 * refuses on a distributed table ("non-IMMUTABLE functions are not allowed in CASE or COALESCE
 * statements"). Statements are cut at `;`; one that starts with SELECT or WITH and names no write is
 * a read, and so is a PL/pgSQL assignment without one; anything else counts as a write, a fragment
 * of SQL included (a TypeORM set expression, say). Returns the offending COALESCE or CASE texts.
 */
export function mutableCallsInConditionals(sql: string, mutable: Set<string>): string[] {
  const names = [...mutable, ...CLOCK_KEYWORDS].map((name) => name.replace(/[^a-z0-9_]/gi, ''));
  const call = new RegExp(`\\b(${names.join('|')})\\b\\s*(\\(|[^\\w(]|$)`, 'i');
  const found: string[] = [];
  for (const statement of sql.split(';')) {
    const writes = WRITE.test(statement);
    if (!writes && (READ.test(statement) || statement.includes(':='))) continue;
    for (const span of conditionals(statement)) if (callsMutable(span, call, mutable)) found.push(span.replace(/\s+/g, ' '));
  }
  return found;
}

function callsMutable(span: string, call: RegExp, mutable: Set<string>): boolean {
  for (const match of span.matchAll(new RegExp(call.source, 'gi'))) {
    const name = match[1].toLowerCase();
    // A function is a call only with its parentheses; a clock keyword is one without.
    if (CLOCK_KEYWORDS.includes(name) || (mutable.has(name) && match[2] === '(')) return true;
  }
  return false;
}

/** The COALESCE(…) and CASE … END texts in a statement, outermost first. */
function conditionals(statement: string): string[] {
  const spans: string[] = [];
  for (const match of statement.matchAll(/\bCOALESCE\s*\(/gi)) {
    let depth = 0;
    for (let at = match.index + match[0].length - 1; at < statement.length; at++) {
      depth += statement[at] === '(' ? 1 : statement[at] === ')' ? -1 : 0;
      if (depth === 0) {
        spans.push(statement.slice(match.index, at + 1));
        break;
      }
    }
  }
  for (const match of statement.matchAll(/\bCASE\b/gi)) {
    let depth = 0;
    for (const word of statement.slice(match.index).matchAll(/\b(CASE|END)\b/gi)) {
      depth += word[1].toUpperCase() === 'CASE' ? 1 : -1;
      if (depth === 0) {
        spans.push(statement.slice(match.index, match.index + word.index + word[0].length));
        break;
      }
    }
  }
  return spans;
}

/** The string and template literals of a TypeScript file (a template's substitutions as `$0`). */
export function stringLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node))
      literals.push(node.head.text + node.templateSpans.map((span) => `$0${span.literal.text}`).join(''));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return literals;
}

/** Every .ts file under `folder`, recursively. */
export function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}
