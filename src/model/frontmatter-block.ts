/**
 * Nested frontmatter without the YAML parser: the block mappings and lists OpenCode specs write
 * (`tools:` / `  read: true`, `permissions:` / `  allow:` / `    - bash: ["grep"]`), read by
 * indentation into light nodes with the `yaml` package's shape where rules look at it (`items`,
 * `key`, `value`, `range`, `toJSON()`), and the same values and ranges (a test compares both on
 * every corpus file). Anything else returns null and the caller parses with `yaml`.
 *
 * Ranges are relative to the frontmatter content, as yaml's are: `[start, end, end]`, a
 * collection from its first item to the end of its last line.
 */
import { flowSequence, lineAt, scalar } from './frontmatter-values.js';

export type LightNode = LightScalar | LightMap | LightSeq;

export class LightScalar {
  constructor(
    readonly value: string | number | boolean | null,
    readonly range: [number, number, number],
  ) {}
  toJSON(): unknown {
    return this.value;
  }
}

export class LightPair {
  constructor(
    readonly key: LightScalar,
    readonly value: LightNode,
  ) {}
}

export class LightMap {
  constructor(
    readonly items: LightPair[],
    readonly range: [number, number, number],
  ) {}
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of this.items) out[String(p.key.value)] = p.value.toJSON();
    return out;
  }
}

export class LightSeq {
  constructor(
    readonly items: LightNode[],
    readonly range: [number, number, number],
  ) {}
  toJSON(): unknown[] {
    return this.items.map((i) => i.toJSON());
  }
}

interface Line {
  /** Offset of the line's first character, of its text after the indent, and of its end. */
  start: number;
  at: number;
  eol: number;
  /** After the line break (the next line's start, or the block's end). */
  next: number;
  indent: number;
  text: string;
}

/** Deeper than real frontmatter goes: refuse rather than recurse without bound. */
const MAX_DEPTH = 8;
const KEY = /^([A-Za-z_][A-Za-z0-9_.-]*|"[^"\\\n]*") ?:(?: +(.*))?$/;

class Reader {
  readonly lines: Line[] = [];
  /** A tab or carriage return inside the block: left to yaml. */
  unusual = false;
  /** The block is a list whose dashes sit at column 0, under the key (`tools:` / `- Read`). */
  listAtZero = false;
  constructor(
    readonly text: string,
    readonly base: number,
    start: number,
    end: number,
  ) {
    for (let pos = start; pos < end; ) {
      const { line, eol } = lineAt(text, pos, end);
      const next = Math.min(eol + 1, end);
      const trimmed = line.trimStart();
      // Blank lines and whole-line comments carry nothing.
      if (trimmed !== '' && !trimmed.startsWith('#')) {
        const indent = line.length - trimmed.length;
        // The block ends where a line starts at column 0 (the next top-level key), unless it is
        // a list written at the key's own column.
        if (indent === 0) {
          const item = trimmed === '-' || trimmed.startsWith('- ');
          if (this.lines.length === 0 && item) this.listAtZero = true;
          if (!this.listAtZero || !item) break;
        }
        if (line.includes('\t') || line.includes('\r')) this.unusual = true;
        this.lines.push({ start: pos, at: pos + indent, eol, next, indent, text: trimmed.trimEnd() });
      }
      pos = eol + 1;
    }
  }

  rel(offset: number): number {
    return offset - this.base;
  }
}

/**
 * The light node of a one-line flow list written at `offset` (absolute) as `raw`, its line ending
 * at `lineNext`; ranges relative to `base`.
 */
export function flowNode(raw: string, offset: number, lineNext: number, base: number): LightSeq | null {
  const flow = flowSequence(raw);
  if (!flow) return null;
  const items = flow.value.map((v, i) => new LightScalar(v, [offset + flow.offsets[i]![0] - base, offset + flow.offsets[i]![1] - base, offset + flow.offsets[i]![1] - base]));
  return new LightSeq(items, [offset - base, offset + flow.length - base, lineNext - base]);
}

/** Each item's range (absolute) for a list of scalars; undefined for anything else. */
export function itemRanges(node: LightNode, base: number): Array<{ start: number; end: number }> | undefined {
  if (!(node instanceof LightSeq) || !node.items.every((it) => it instanceof LightScalar)) return undefined;
  return node.items.map((it) => ({ start: base + it.range[0], end: base + it.range[1] }));
}

/** A scalar or one-line flow list written at `offset` (absolute) as `raw`. */
function inlineValue(r: Reader, raw: string, offset: number, lineNext: number): LightNode | null {
  if (raw.startsWith('[')) return flowNode(raw, offset, lineNext, r.base);
  const sc = scalar(raw);
  if (!sc) return null;
  return new LightScalar(sc.value, [r.rel(offset), r.rel(offset + sc.length), r.rel(lineNext)]);
}

/**
 * A block mapping whose keys sit at column `indent`, from line `i`; `firstAt` is where the first
 * key starts when it follows a list's `- ` on the same line.
 */
function readMap(r: Reader, i: number, indent: number, depth: number, firstAt?: number): { node: LightMap; next: number } | null {
  if (depth > MAX_DEPTH) return null;
  const pairs: LightPair[] = [];
  const seen = new Set<string>();
  let end = 0;
  while (i < r.lines.length) {
    const line = r.lines[i]!;
    const first = pairs.length === 0 && firstAt !== undefined;
    const keyAt = first ? firstAt : line.at;
    if (!first) {
      if (line.indent < indent) break;
      if (line.indent > indent) return null;
    }
    const text = first ? r.text.slice(firstAt, line.eol).trimEnd() : line.text;
    const m = KEY.exec(text);
    if (!m) return null;
    const rawKey = m[1]!;
    // Keys YAML reads as something else than a string (`true:`, `null:`) are left to yaml.
    if (/^(?:true|false|null|yes|no|on|off|y|n)$/i.test(rawKey)) return null;
    const keyValue = rawKey.startsWith('"') ? rawKey.slice(1, -1) : rawKey;
    if (seen.has(keyValue)) return null;
    seen.add(keyValue);
    const key = new LightScalar(keyValue, [r.rel(keyAt), r.rel(keyAt + rawKey.length), r.rel(keyAt + rawKey.length)]);
    let value: LightNode | null;
    let next: number;
    if (m[2] === undefined || m[2].trim() === '') {
      // `key:` then a nested block, deeper than the key.
      const sub = readBlock(r, i + 1, first ? keyAt - line.start : indent, depth + 1);
      if (!sub) return null;
      value = sub.node;
      next = sub.next;
    } else {
      const valueAt = keyAt + text.length - m[2].length;
      value = inlineValue(r, m[2], valueAt, line.next);
      next = i + 1;
    }
    if (!value) return null;
    pairs.push(new LightPair(key, value));
    end = value.range[2];
    i = next;
  }
  if (pairs.length === 0) return null;
  return { node: new LightMap(pairs, [pairs[0]!.key.range[0], end, end]), next: i };
}

/** A block list whose dashes sit at column `indent`, from line `i`. */
function readSeq(r: Reader, i: number, indent: number, depth: number): { node: LightSeq; next: number } | null {
  if (depth > MAX_DEPTH) return null;
  const items: LightNode[] = [];
  const startAt = r.lines[i]?.at ?? 0;
  let end = 0;
  while (i < r.lines.length) {
    const line = r.lines[i]!;
    if (line.indent < indent) break;
    if (line.indent > indent || !line.text.startsWith('- ')) return null;
    const itemAt = line.at + 2 + (line.text.slice(2).length - line.text.slice(2).trimStart().length);
    const rest = r.text.slice(itemAt, line.eol).trimEnd();
    let node: LightNode | null;
    let next: number;
    if (KEY.test(rest) && !rest.startsWith('"')) {
      // `- key: value`: a mapping whose keys line up with this first one.
      const sub = readMap(r, i, itemAt - line.start, depth + 1, itemAt);
      if (!sub) return null;
      node = sub.node;
      next = sub.next;
    } else {
      node = inlineValue(r, rest, itemAt, line.next);
      next = i + 1;
    }
    if (!node) return null;
    items.push(node);
    end = node.range[2];
    i = next;
  }
  if (items.length === 0) return null;
  // The list's range starts at its first dash, as yaml's does.
  return { node: new LightSeq(items, [r.rel(startAt), end, end]), next: i };
}

/** The block (mapping or list) that starts at line `i`, deeper than `parentIndent`. */
function readBlock(r: Reader, i: number, parentIndent: number, depth: number): { node: LightNode; next: number } | null {
  const line = r.lines[i];
  if (!line || line.indent <= parentIndent) return null;
  if (line.text.startsWith('- ')) return readSeq(r, i, line.indent, depth);
  return readMap(r, i, line.indent, depth);
}

/**
 * The nested block after a top-level `key:` line: its node, plain value, and where the next
 * top-level line starts (absolute). `start`..`end` is the rest of the frontmatter content;
 * `base` is where the content starts.
 */
export function readNestedValue(text: string, base: number, start: number, end: number): { node: LightNode; value: unknown; next: number } | null {
  const r = new Reader(text, base, start, end);
  if (r.unusual) return null;
  const block = readBlock(r, 0, r.listAtZero ? -1 : 0, 1);
  if (!block || block.next !== r.lines.length) return null;
  const last = r.lines[r.lines.length - 1]!;
  return { node: block.node, value: block.node.toJSON(), next: last.next };
}
