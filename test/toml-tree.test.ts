/**
 * The positioned TOML tree (src/model/toml/tree.ts): every key and value is found where it is
 * written, whatever TOML form writes it, and a string literal decodes to smol-toml's value with
 * the offset of each character.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { decodeString, tomlTree, tomlValueRanges } from '../src/model/toml/tree.js';
import type { JsonNode, JsonString } from '../src/model/json/ast.js';
import { fastGlob } from '../src/util/fast-glob.js';

/** The text at each node's range, by path (`a.b.0.c`), keys included as `a.b:key`. */
function spans(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (n: JsonNode, path: string) => {
    out[path] = text.slice(n.range.start, n.range.end);
    if (n.type === 'object') {
      for (const p of n.properties) {
        const q = path ? `${path}.${p.key}` : p.key;
        out[`${q}:key`] = text.slice(p.keyRange.start, p.keyRange.end);
        walk(p.value, q);
      }
    } else if (n.type === 'array') n.items.forEach((item, i) => walk(item, `${path}.${i}`));
  };
  walk(tomlTree(text, parse(text) as Record<string, unknown>), '');
  return out;
}

describe('tomlTree', () => {
  it('places keys, values, dotted and quoted keys, inline tables and arrays', () => {
    const text = ['model = "gpt-5" # the default', 'a.b = 1', '"quoted key" = true', 'inline = { x = [1, 2], y = { z = "w" } }', 'list = [', '  "one",', '  # a comment', '  "two",', ']', ''].join('\n');
    const s = spans(text);
    expect(s['model:key']).toBe('model');
    expect(s['model']).toBe('"gpt-5"');
    expect(s['a:key']).toBe('a.b');
    expect(s['a.b']).toBe('1');
    expect(s['quoted key:key']).toBe('"quoted key"');
    expect(s['inline.x.1']).toBe('2');
    expect(s['inline.y.z:key']).toBe('z');
    expect(s['inline.y.z']).toBe('"w"');
    expect(s['list.1']).toBe('"two"');
  });

  it('places tables and arrays of tables at their headers, nested arrays under their last element', () => {
    const text = ['[mcp_servers.docs]', 'url = "https://x"', '', '[[hooks.Stop]]', '[[hooks.Stop.hooks]]', 'type = "command"', '[[hooks.Stop]]', 'matcher = "a"', '[[hooks.Stop.hooks]]', 'command = "b"', ''].join('\n');
    const s = spans(text);
    expect(s['mcp_servers:key']).toBe('[mcp_servers.docs]');
    expect(s['mcp_servers.docs']).toBe('[mcp_servers.docs]');
    expect(s['mcp_servers.docs.url']).toBe('"https://x"');
    expect(s['hooks.Stop.0']).toBe('[[hooks.Stop]]');
    expect(s['hooks.Stop.0.hooks.0.type']).toBe('"command"');
    expect(s['hooks.Stop.1.matcher']).toBe('"a"');
    expect(s['hooks.Stop.1.hooks.0']).toBe('[[hooks.Stop.hooks]]');
    expect(s['hooks.Stop.1.hooks.0.command']).toBe('"b"');
  });

  it('skips every string form, and multi-line strings that hold quotes and brackets', () => {
    const text = ["a = '''", "x = ['y'", "'''", 'b = """', 'keep "quotes" and ] here""""', "c = 'lit'", ''].join('\n');
    const s = spans(text);
    expect(s['b']).toBe('"""\nkeep "quotes" and ] here""""');
    expect(s['c']).toBe("'lit'");
  });
});

describe('decodeString', () => {
  const check = (literal: string) => {
    const text = `v = ${literal}\n`;
    const d = decodeString(text, 4)!;
    expect(d.value).toBe((parse(text) as { v: string }).v);
    expect(d.offsets).toHaveLength(d.value.length + 1);
    return d;
  };

  it('decodes escapes and maps each character to where it is written', () => {
    const d = check('"a\\tb\\u00e9\\\\c"');
    expect(d.value).toBe('a\tbé\\c');
    // `b` is the 5th character of the text after `v = "`, `\\u00e9` starts right after it.
    expect(d.offsets.slice(0, 5)).toEqual([5, 6, 8, 9, 15]);
  });

  it('drops the newline after the opening quotes and joins a line ended by a backslash', () => {
    check('"""\nfirst \\\n    second\nthird"""');
    check("'''\nraw \\n text'''");
    check('"""ends with ""quotes"""""');
  });

  it('is null for what is not a string literal', () => {
    expect(decodeString('v = 1', 4)).toBeNull();
    expect(decodeString('v = "open', 4)).toBeNull();
  });
});

/** The string nodes of a TOML text's tree, with their keys (`[]` for an array's items, as a number for an array of tables). */
function strings(text: string): Array<{ path: string; node: JsonString }> {
  const out: Array<{ path: string; node: JsonString }> = [];
  const walk = (n: JsonNode, path: string) => {
    if (n.type === 'string') out.push({ path, node: n });
    else if (n.type === 'object') for (const p of n.properties) walk(p.value, path ? `${path}.${p.key}` : p.key);
    else if (n.type === 'array') n.items.forEach((item, i) => walk(item, `${path}.${i}`));
  };
  walk(tomlTree(text, parse(text) as Record<string, unknown>), '');
  return out;
}

/** Every string value smol-toml parses is placed at a literal that decodes to it, each character mapped. */
function placesEveryString(text: string): void {
  for (const { path, node } of strings(text)) {
    const d = decodeString(text, node.range.start);
    expect(d?.value, path).toBe(node.value);
    expect(d!.offsets, path).toHaveLength(node.value.length + 1);
  }
}

const SAMPLE = [
  '# a comment with "quotes" and = signs',
  'model = "gpt-5"',
  'approval_policy = "never" # trailing comment',
  "literal = 'C:\\path\\x'",
  'escaped = "tab\\there \\"q\\" \\u00e9 \\U0001F600"',
  'multi = """',
  'first line',
  'second \\',
  '    joined"""',
  "raw = '''",
  "no \\escape here'''",
  'quotes = """she said ""hi"""""',
  'n = 3',
  '',
  '[mcp_servers.docs]',
  'command = "npx"',
  'args = [',
  '  "-y", # the runner',
  '  "@scope/docs-mcp@1.2.3",',
  ']',
  'env = { "X-Api-Key" = "k1", nested = { deep = "d" } }',
  '',
  '[[hooks.Stop]]',
  'matcher = "startup|resume"',
  '[[hooks.Stop.hooks]]',
  'type = "command"',
  'command = "echo done"',
  '"quoted key".sub = "v"',
].join('\n');

describe('the strings of the tree', () => {
  it('are placed at literals that decode to what smol-toml parses, with their keys', () => {
    placesEveryString(SAMPLE);
    const byValue = new Map(strings(SAMPLE).map((s) => [s.node.value, s.path]));
    expect(byValue.get('@scope/docs-mcp@1.2.3')).toBe('mcp_servers.docs.args.1');
    expect(byValue.get('k1')).toBe('mcp_servers.docs.env.X-Api-Key');
    expect(byValue.get('d')).toBe('mcp_servers.docs.env.nested.deep');
    expect(byValue.get('echo done')).toBe('hooks.Stop.0.hooks.0.command');
    expect(byValue.get('v')).toBe('hooks.Stop.0.hooks.0.quoted key.sub');
  });

  it('map each character of a value to the text (tomlValueRanges)', () => {
    const found = strings(SAMPLE);
    const at = (v: string, i: number, len: number) => {
      const r = tomlValueRanges(SAMPLE, found.find((s) => s.node.value === v)!.node)(i, i + len);
      return SAMPLE.slice(r.start, r.end);
    };
    expect(at('never', 0, 5)).toBe('never');
    expect(at('first line\nsecond joined', 0, 10)).toBe('first line');
    expect(at('first line\nsecond joined', 18, 6)).toBe('joined');
    // `\t` and `\"` are one character of the value and two of the text.
    expect(at('tab\there "q" \u00e9 \u{1F600}', 4, 8)).toBe('here \\"q\\"');
    expect(at('no \\escape here', 3, 7)).toBe('\\escape');
    // The quotes before a multi-line string's closing three are the value's, each where it is.
    expect(at('she said ""hi""', 11, 4)).toBe('hi""');
  });

  it('are the whole node where the node is no string literal (a date)', () => {
    const text = 'when = 1979-05-27T07:32:00Z\n';
    const [when] = strings(text);
    expect(tomlValueRanges(text, when!.node)(0, 3)).toEqual(when!.node.range);
  });

  it('end the scan on a text that is not TOML', () => {
    for (const t of ['a = "open', 'a = [1, "x"', '[[', 'a = {b = ', '= "x"', 'a = """x', "a.'b", '\\u0000']) {
      expect(() => tomlTree(t, {})).not.toThrow();
    }
  });

  const corpus = path.resolve(import.meta.dirname, '../../shared/corpus-tools');
  it.skipIf(!existsSync(corpus))('are placed in every TOML file of corpus-tools', () => {
    const files = fastGlob().sync('**/*.toml', { cwd: corpus, dot: true });
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(path.join(corpus, f), 'utf8');
      let ok = true;
      try {
        parse(text);
      } catch {
        ok = false;
      }
      if (ok) placesEveryString(text);
    }
  });
});
