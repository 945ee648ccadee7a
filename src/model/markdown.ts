/**
 * The full markdown tree, via unified + remark-parse + remark-frontmatter. It parses at about
 * 1 MB/s, far slower than the scanned views, and its modules are large: it is loaded only when a
 * rule in force declares `meta.needs: ['markdown']` (see loadMarkdownParser), and a document
 * builds its tree only when such a rule asks.
 */
import type { Root } from 'mdast';

export type MdRoot = Root;

let parser: ((text: string) => MdRoot) | undefined;

/** Loads unified and remark (once). Call before linting with a rule that needs the tree. */
export async function loadMarkdownParser(): Promise<void> {
  if (parser) return;
  const [{ unified }, { default: remarkParse }, { default: remarkFrontmatter }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-frontmatter'),
  ]);
  const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']);
  parser = (text) => processor.parse(text) as MdRoot;
}

export function markdownParserLoaded(): boolean {
  return parser !== undefined;
}

export function parseMarkdown(text: string): MdRoot {
  if (!parser) {
    throw new Error('the markdown parser is not loaded: a rule that calls doc.markdown() must declare meta.needs: ["markdown"]');
  }
  return parser(text);
}
