/**
 * What hidden-instruction looks for: text of a markdown file that a rendered view does not show
 * and that reads as an instruction.
 *
 * Hidden text: HTML comments (`<!-- ... -->`) outside code (fenced and indented blocks, inline
 * code spans), link reference definitions used as comments (`[//]: # (text)`,
 * `[comment]: <> "text"`), and elements that ask to be hidden (`<div hidden>`,
 * `<span style="display:none">`). A `<details>` block is not hidden: its summary and its
 * disclosure triangle show that there is more, and a reviewer can open it.
 *
 * An instruction: the text holds something only an instruction to a model says (ignore the
 * previous instructions, the system prompt, addressing the model or the agent, keeping something
 * from the user, sending data out, revealing secrets), or it opens a sentence with a directive
 * (`Always`, `Never`, `Do not`, `You must`, `Instead`, `Run`, `Send`, `Fetch`, `curl` ...).
 * Other tools' directives (`markdownlint-disable`, `prettier-ignore`, `TOC`, agent-lint's own
 * comments) are not text; a note to the file's editors (`TODO`, `FIXME`, `NOTE:`, "generated,
 * do not edit") is reported only when it holds one of the strong signs.
 */
import type { Range } from '../../types.js';

export type HiddenHow = 'comment' | 'reference' | 'element';

export interface HiddenText {
  how: HiddenHow;
  /** The hidden construct in the text (the whole comment). */
  range: Range;
  /** Its text, without the comment markers or tags. */
  text: string;
  /** For an element: its tag name. */
  tag?: string;
}

/** Comments of other tools and of agent-lint itself: directives, not text. */
const TOOL_DIRECTIVE =
  /^(?:agent-lint-|expect:|markdownlint-|markdownlint\b|prettier-ignore|prettier\b|eslint-|textlint-|cspell:|cSpell:|spell-?checker:|vale\s|remark-|mdformat|markdown-link-check-|alex-|lychee|toc\b|\/toc\b|omit (?:from|in) toc|(?:start|end) doctoc|doctoc|all-contributors|ALL-CONTRIBUTORS|#?region\b|#?endregion\b|more$|truncate$|excerpt$|rule:|snippet[:-]|include[:-]|insert[:-]|tabs?:|@formatter:|fmt:|lint-)/i;

/** A note to the file's editors (not to the model): reported only with a strong sign. */
const EDITORIAL =
  /^(?:TODO|FIXME|XXX|HACK|NOTE|NB|N\.B\.|Editor'?s? note|Editors?:|Maintainers?|Author'?s? note|Reviewers?:)\b|\b(?:auto-?generated|generated (?:by|from|with)|do not (?:edit|modify|change|remove|delete|touch|move|rename|translate)|don't (?:edit|modify|change|remove|delete|touch)|edit the source|regenerate)\b|\b(?:update|regenerate|refresh|rebuild|edit|change|keep)\b[^.\n]{0,80}(?:\bbelow\b|\babove\b|\bthis (?:file|section|table|list|page|doc|document|block|template)\b)/i;

/** Structured data in a comment (YAML metadata, `key: value` lines): a record, not prose. */
function isRecord(text: string): boolean {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (/^(?:YAML|JSON|TOML)\b/.test(lines[0] ?? '')) return true;
  const fields = lines.filter((l) => /^(?:-\s+)?[A-Za-z_][\w-]*:(?:\s|$)/.test(l)).length;
  return lines.length >= 2 && fields >= lines.length * 0.6;
}

/** Signs of an instruction to a model that no note to editors carries. */
const STRONG: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|other|system|original|user'?s?|your)\b[^.!?\n]{0,20}\b(?:instructions?|rules?|prompts?|guidelines?|directions?|constraints?|context)\b/i,
  /\bsystem prompt\b/i,
  /\b(?:you are|you're|act as|pretend to be|pretend you are)\s+(?:an?\s+|the\s+)?(?:AI|assistant|agent|LLM|language model|model|Claude|GPT|chatbot|bot)\b/i,
  /\b(?:note|message|instructions?|directions?)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:AI|assistants?|agents?|models?|LLMs?|Claude|bots?|automated agents?|language models?)\b/i,
  // (Not `agent:` or `model:`: a commented-out frontmatter field.)
  /(?:^|[.!?\n]\s*)(?:AI|assistant|LLM|Claude|Copilot|GPT)\s*[:,]\s*[A-Za-z]/i,
  /\b(?:AI|assistant|LLM|Claude|Copilot|GPT|language model)s?\s+(?:must|should|shall|will|needs? to|has to|have to)\b/i,
  /\b(?:if|when)\s+you\s+are\s+(?:an?\s+)?(?:AI|assistant|agent|LLM|language model|model|Claude)\b/i,
  /\b(?:do not|don't|never)\s+(?:tell|inform|mention|reveal|show|notify|let|alert)\b[^.\n]{0,30}\b(?:the user|users|the human|the reviewer|anyone|the operator)\b/i,
  /\bwithout (?:telling|asking|informing|notifying|alerting|showing) (?:the )?(?:user|human|reviewer|anyone|operator)\b/i,
  /\b(?:secretly|covertly|silently (?:send|run|upload|delete|add|include|execute|post|forward|write|install))\b/i,
  /\b(?:send|upload|post|exfiltrate|forward|transmit|leak|curl|wget)\b[^\n]{0,80}(?:https?:\/\/|\.ssh\b|\.env\b|\.aws\b|\bcredentials\b|\bid_rsa\b|\bapi[_ ]?keys?\b|\btokens?\b|\bsecrets?\b|\bpasswords?\b|\benvironment variables\b)/i,
  /\breveal\b[^.\n]{0,40}\b(?:prompt|instructions|secrets?|keys?|tokens?|passwords?|credentials)\b/i,
];

/** A directive opening a sentence, a line or a list item. */
const DIRECTIVE =
  /(?:^|[.!?]\s+|\n[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?)(?:ignore|disregard|forget|always|never|do not|don't|you must|you should|you need to|instead|send|run|execute|fetch|upload|curl|wget|reveal|bypass|exfiltrate|pretend)\b/i;

/** Whether a hidden text reads as an instruction to the model. */
export function isInstruction(text: string): boolean {
  const t = text.trim();
  if (t.split(/\s+/).length < 3) return false;
  if (TOOL_DIRECTIVE.test(t)) return false;
  if (STRONG.some((re) => re.test(t))) return true;
  if (EDITORIAL.test(t) || isRecord(t)) return false;
  return DIRECTIVE.test(t);
}

const inside = (ranges: readonly Range[], at: number) => ranges.some((r) => at >= r.start && at < r.end);

/**
 * Where a line's code spans are: whether an offset is inside one (backtick runs opened and
 * closed before it on its line). Offsets are asked in order, so each line is read once.
 */
class CodeSpans {
  #line = -1;
  #pos = 0;
  #open = 0;
  constructor(readonly text: string) {}
  at(lineStart: number, at: number): boolean {
    if (lineStart !== this.#line || at < this.#pos) {
      this.#line = lineStart;
      this.#pos = lineStart;
      this.#open = 0;
    }
    const text = this.text;
    let i = this.#pos;
    while (i < at) {
      if (text.charCodeAt(i) !== 96) {
        i++;
        continue;
      }
      let n = 0;
      while (text.charCodeAt(i) === 96) {
        n++;
        i++;
      }
      if (this.#open === 0) this.#open = n;
      else if (this.#open === n) this.#open = 0;
    }
    // A backtick run that ends past `at` holds `at`: resume before it next time.
    this.#pos = Math.min(i, at);
    if (i > at) {
      this.#line = -1;
      return true;
    }
    return this.#open !== 0;
  }
}

/** An indented code block's line: four spaces (or a tab) in, after a blank line. */
function inIndentedCode(text: string, lineStarts: readonly number[], line: number): boolean {
  const lineStart = lineStarts[line]!;
  if (!/^(?: {4}|\t)/.test(text.slice(lineStart, lineStart + 4))) return false;
  if (line === 0) return true;
  return text.slice(lineStarts[line - 1]!, lineStart).trim() === '';
}

const REFERENCE_COMMENT = /^ {0,3}\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>|<#>)[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^)\n]*)\))[ \t]*$/gm;
const HIDDEN_OPEN = /<(div|span|p|section|aside|font|small|sub|sup)\b([^<>]{0,400})>/gi;
const ATTRIBUTE = /([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const HIDING_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|rem|pt)?\s*(?:;|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$)|(?:width|height)\s*:\s*0(?:px)?\s*(?:;|$))/i;

function hides(attributes: string): boolean {
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attributes); m; m = ATTRIBUTE.exec(attributes)) {
    const name = m[1]!.toLowerCase();
    const value = m[2] ?? m[3] ?? m[4];
    // Any value of `hidden` hides the element (HTML reads an unknown value as `hidden`).
    if (name === 'hidden') return true;
    if (name === 'style' && value && HIDING_STYLE.test(value)) return true;
  }
  return false;
}

/**
 * The hidden texts of a markdown file's body: its HTML comments, reference-definition comments
 * and hidden elements, outside code and frontmatter.
 */
export function findHiddenTexts(text: string, lineStarts: readonly number[], lineOf: (offset: number) => number, skip: readonly Range[]): HiddenText[] {
  const out: HiddenText[] = [];
  // Each kind is looked for only in a text that holds its mark (most texts hold none).
  const references = text.includes(']:');
  // An element hides by its `hidden` attribute or its style: a text with neither word has none.
  const elements = text.includes('hidden') || text.includes('style');
  // The code spans are found only once a candidate needs them.
  let spans: CodeSpans | undefined;
  const visible = (at: number) => {
    if (inside(skip, at)) return false;
    const line = lineOf(at);
    return !inIndentedCode(text, lineStarts, line) && !(spans ??= new CodeSpans(text)).at(lineStarts[line]!, at);
  };
  // HTML comments. A comment that is never closed ends the search: none after it closes either.
  for (let i = text.indexOf('<!--'); i !== -1; ) {
    const close = text.indexOf('-->', i + 4);
    if (close === -1) break;
    // `<!-->` and `<!--->` are whole (empty) comments.
    const empty = text.startsWith('<!-->', i) || text.startsWith('<!--->', i);
    const end = empty ? text.indexOf('>', i + 4) + 1 : close + 3;
    if (visible(i)) out.push({ how: 'comment', range: { start: i, end }, text: empty ? '' : text.slice(i + 4, close) });
    i = text.indexOf('<!--', end);
  }
  REFERENCE_COMMENT.lastIndex = references ? 0 : text.length;
  for (let m = REFERENCE_COMMENT.exec(text); m; m = REFERENCE_COMMENT.exec(text)) {
    if (inside(skip, m.index)) continue;
    out.push({ how: 'reference', range: { start: m.index + (m[0].length - m[0].trimStart().length), end: m.index + m[0].length }, text: m[1] ?? m[2] ?? m[3] ?? '' });
  }
  const unclosed = new Set<string>();
  HIDDEN_OPEN.lastIndex = elements ? 0 : text.length;
  for (let m = HIDDEN_OPEN.exec(text); m; m = HIDDEN_OPEN.exec(text)) {
    const tag = m[1]!.toLowerCase();
    if (unclosed.has(tag) || !hides(m[2]!) || !visible(m.index)) continue;
    const from = m.index + m[0].length;
    const closing = new RegExp(`</${tag}\\s*>`, 'gi');
    closing.lastIndex = from;
    const c = closing.exec(text);
    if (!c) {
      unclosed.add(tag);
      continue;
    }
    const inner = text.slice(from, c.index).replace(/<[^<>]{0,400}>/g, ' ');
    out.push({ how: 'element', range: { start: m.index, end: c.index + c[0].length }, text: inner, tag });
    HIDDEN_OPEN.lastIndex = c.index + c[0].length;
  }
  return out.sort((a, b) => a.range.start - b.range.start);
}
