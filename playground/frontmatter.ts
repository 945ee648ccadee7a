/**
 * Markdown with its frontmatter highlighted as YAML: a block parser for the `---` block that
 * opens a document (its content, up to a closing `---` or `...`, or to the end while none is
 * written yet, is parsed by a small YAML stream language), added to CodeMirror's markdown.
 * Without it, markdown reads `key: value` over a closing `---` as a heading.
 */
import { markdownLanguage } from '@codemirror/lang-markdown';
import { Language, StreamLanguage, type StringStream } from '@codemirror/language';
import { parseMixed } from '@lezer/common';
import { tags } from '@lezer/highlight';
import type { MarkdownConfig, MarkdownParser } from '@lezer/markdown';

interface YamlState {
  /** Past the key's colon: what follows is a value. */
  value: boolean;
  /** The indentation of the line that opened a block scalar (`|` or `>`), or -1. */
  block: number;
  indent: number;
}

/** YAML as frontmatter writes it: keys, strings, numbers, booleans and null, comments, lists. */
const yaml = StreamLanguage.define<YamlState>({
  name: 'yaml',
  startState: () => ({ value: false, block: -1, indent: 0 }),
  token(stream: StringStream, state: YamlState): string | null {
    if (stream.sol()) {
      if (state.block >= 0 && stream.indentation() > state.block) {
        stream.skipToEnd();
        return 'string';
      }
      state.block = -1;
      state.value = false;
      state.indent = stream.indentation();
    }
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#' && (stream.pos === 0 || /\s/.test(stream.string.charAt(stream.pos - 1)))) {
      stream.skipToEnd();
      return 'comment';
    }
    if (!state.value) {
      if (stream.match(/^-(?=\s|$)/)) return 'punctuation';
      if (stream.match(/^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},:][^#]*?)(?=\s*:(?:\s|$))/)) return 'propertyName.definition';
    }
    if (stream.match(/^:(?=\s|$)/)) {
      state.value = true;
      return 'punctuation';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^']|'')*'?/)) return 'string';
    if (stream.match(/^[[\]{},]/)) return 'punctuation';
    if (state.value && stream.match(/^[|>][-+0-9]*(?=\s|$)/)) {
      state.block = state.indent;
      return 'meta';
    }
    if (stream.match(/^(?:true|false)(?=[\s,\]}]|$)/)) return 'bool';
    if (stream.match(/^(?:null|~)(?=[\s,\]}]|$)/)) return 'null';
    if (stream.match(/^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+)(?=[\s,\]}]|$)/)) return 'number';
    stream.eatWhile(/[^\s,[\]{}]/) || stream.next();
    return null;
  },
});

const FENCE = /^(?:---|\.\.\.)\s*$/;

const frontmatter: MarkdownConfig = {
  defineNodes: [{ name: 'Frontmatter', block: true }, { name: 'FrontmatterMark', style: tags.meta }, 'FrontmatterContent'],
  parseBlock: [
    {
      name: 'Frontmatter',
      before: 'HorizontalRule',
      parse(cx, line) {
        if (cx.lineStart !== 0 || !/^---\s*$/.test(line.text)) return false;
        const marks = [cx.elt('FrontmatterMark', 0, line.text.length)];
        const from = line.text.length + 1;
        let to = from - 1;
        let end = to;
        while (cx.nextLine()) {
          end = cx.lineStart + line.text.length;
          if (FENCE.test(line.text)) {
            marks.push(cx.elt('FrontmatterMark', cx.lineStart, end));
            cx.nextLine();
            break;
          }
          to = end;
        }
        const content = to > from ? [cx.elt('FrontmatterContent', from, to)] : [];
        cx.addElement(cx.elt('Frontmatter', 0, end, [marks[0]!, ...content, ...marks.slice(1)]));
        return true;
      },
    },
  ],
  wrap: parseMixed((node) => (node.name === 'FrontmatterContent' ? { parser: yaml.parser } : null)),
};

/** CodeMirror's markdown (GFM) with the frontmatter as YAML. */
export const markdownWithFrontmatter = new Language(markdownLanguage.data, (markdownLanguage.parser as MarkdownParser).configure(frontmatter), [], 'markdown');
