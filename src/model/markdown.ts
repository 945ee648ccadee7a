/**
 * The full markdown tree, via unified + remark-parse + remark-frontmatter. Built only on demand:
 * it parses at about 1 MB/s, far slower than the scanned views.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import type { Root } from 'mdast';

export type MdRoot = Root;

let processor: ReturnType<typeof build> | undefined;

function build() {
  return unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']);
}

export function parseMarkdown(text: string): MdRoot {
  processor ??= build();
  return processor.parse(text) as MdRoot;
}
