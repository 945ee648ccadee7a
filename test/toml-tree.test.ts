/**
 * The positioned TOML tree (src/model/toml/tree.ts): every key and value is found where it is
 * written, whatever TOML form writes it, and a string literal decodes to smol-toml's value with
 * the offset of each character.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { decodeString, tomlTree } from '../src/model/toml/tree.js';
import type { JsonNode } from '../src/model/json/ast.js';

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
