// What an npm script of package.json runs, for the programs that start the API and the worker themselves
// (npm start, the bench): so that they run them exactly as `npm run start:api` and `npm run start:worker` do,
// node's flags included (docs/decisions.md, "Young generation").
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The node command line of package.json's `script` (`node <flags> <file>`, as start:api and start:worker
 * are), as node's `flags` and the `file` it runs, relative to `root`.
 */
export function nodeCommand(root, script) {
  const [command, ...args] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts[script].split(' ');
  const file = args.pop();
  if (command !== 'node' || !file?.endsWith('.js') || args.some((arg) => !arg.startsWith('-'))) {
    throw new Error(`package.json's ${script} must be "node <flags> <file>.js", not "${[command, ...args, file].join(' ')}"`);
  }
  return { flags: args, file };
}
