/**
 * The TOML string scan finds every string value that smol-toml parses, with the keys that lead
 * to it and the offset of each of its characters.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { scanTomlStrings, tomlValueRange } from '../src/model/toml-strings.js';
import { fastGlob } from '../src/util/fast-glob.js';

/** Every string of a parsed TOML value, sorted. */
function parsedStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) parsedStrings(x, out);
  else if (v && typeof v === 'object' && !(v instanceof Date)) for (const x of Object.values(v)) parsedStrings(x, out);
  return out;
}

function sameStrings(text: string): void {
  const scanned = scanTomlStrings(text);
  // Keys are strings too in smol-toml's output only as keys: values alone are compared.
  expect(scanned.map((s) => s.value).sort()).toEqual(parsedStrings(parse(text)).sort());
  for (const s of scanned) expect(s.offsets.length).toBe(s.value.length + 1);
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
  'when = 1979-05-27T07:32:00Z',
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

describe('scanTomlStrings', () => {
  it('finds the strings smol-toml parses', () => {
    sameStrings(SAMPLE);
  });

  it('gives each string its keys, with [] for array items and the item before', () => {
    const s = scanTomlStrings(SAMPLE);
    const byValue = (v: string) => s.find((x) => x.value === v)!;
    expect(byValue('npx').path).toEqual(['mcp_servers', 'docs', 'command']);
    expect(byValue('@scope/docs-mcp@1.2.3').path).toEqual(['mcp_servers', 'docs', 'args', '[]']);
    expect(byValue('@scope/docs-mcp@1.2.3').previous?.value).toBe('-y');
    expect(byValue('k1').path).toEqual(['mcp_servers', 'docs', 'env', 'X-Api-Key']);
    expect(byValue('d').path).toEqual(['mcp_servers', 'docs', 'env', 'nested', 'deep']);
    expect(byValue('echo done').path).toEqual(['hooks', 'Stop', 'hooks', 'command']);
    expect(byValue('v').path).toEqual(['hooks', 'Stop', 'hooks', 'quoted key', 'sub']);
  });

  it('maps each character of a value to the text', () => {
    const s = scanTomlStrings(SAMPLE);
    const at = (v: string, i: number, len: number) => {
      const x = s.find((y) => y.value === v)!;
      const r = tomlValueRange(x, i, i + len);
      return SAMPLE.slice(r.start, r.end);
    };
    expect(at('never', 0, 5)).toBe('never');
    expect(at('first line\nsecond joined', 0, 10)).toBe('first line');
    expect(at('first line\nsecond joined', 18, 6)).toBe('joined');
    // `\t` and `\"` are one character of the value and two of the text.
    expect(at('tab\there "q" \u00e9 \u{1F600}', 4, 8)).toBe('here \\"q\\"');
    expect(at("no \\escape here", 3, 7)).toBe('\\escape');
  });

  it('ends on a text that is not TOML', () => {
    for (const t of ['a = "open', 'a = [1, "x"', '[[', 'a = {b = ', '= "x"', 'a = """x', "a.'b", '\\u0000']) {
      expect(() => scanTomlStrings(t)).not.toThrow();
    }
  });

  const corpus = path.resolve(import.meta.dirname, '../../shared/corpus-tools');
  it.skipIf(!existsSync(corpus))('reads every TOML file of corpus-tools as smol-toml does', () => {
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
      if (ok) sameStrings(text);
    }
  });
});
