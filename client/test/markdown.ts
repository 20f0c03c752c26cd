export interface CodeBlock {
  /** The last heading above the block, without its #s. */
  heading: string;
  /** The block's lines, without the fence's indentation (a fence inside a list item is indented). */
  code: string;
}

/** The fenced code blocks of a Markdown text in one language, in order. */
export function codeBlocks(markdown: string, language: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let heading = '';
  // Every fence is followed to its end, so that a `# comment` in a shell block is not taken for a heading.
  let open: { indent: number; language: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      if (line.trim() === '```') {
        if (open.language === language) blocks.push({ heading, code: open.lines.join('\n') + '\n' });
        open = undefined;
      } else {
        open.lines.push(line.slice(open.indent));
      }
      continue;
    }
    const headingMatch = /^#+\s+(.*)$/.exec(line);
    if (headingMatch) heading = headingMatch[1];
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (fence) open = { indent: fence[1].length, language: fence[2], lines: [] };
  }
  return blocks;
}
