import { describe, it, expect } from 'vitest';
import {
  MAX_DEPTH,
  PLACEHOLDER_VALUE,
  findProperty,
  isPlaceholderValue,
  nodeAtPointer,
  parseTolerantJson,
  toPlainValue,
} from '../src/model/json/parse.js';
import type {
  JsonArray,
  JsonNode,
  JsonObject,
  JsonParseOptions,
  JsonPlaceholder,
  JsonString,
} from '../src/model/json/ast.js';

/** Parse and expect success. */
function ok(text: string, start = 0, options?: JsonParseOptions): { value: JsonNode; end: number } {
  const r = parseTolerantJson(text, start, options);
  if (!r.ok) throw new Error(`expected success, got "${r.error.message}" at ${r.error.offset}`);
  return { value: r.value, end: r.end };
}

/** Parse and expect failure. */
function fail(text: string, start = 0, options?: JsonParseOptions): { message: string; offset: number } {
  const r = parseTolerantJson(text, start, options);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(toPlainValue(r.value))}`);
  return r.error;
}

function obj(node: JsonNode): JsonObject {
  expect(node.type).toBe('object');
  return node as JsonObject;
}

function arr(node: JsonNode): JsonArray {
  expect(node.type).toBe('array');
  return node as JsonArray;
}

function str(node: JsonNode | undefined): JsonString {
  expect(node?.type).toBe('string');
  return node as JsonString;
}

/** The value of `{"x": <valueText>}`. */
function valueOf(valueText: string, options?: JsonParseOptions): JsonNode {
  const { value } = ok(`{"x": ${valueText}}`, 0, options);
  return obj(value).properties[0]!.value;
}

/** Range of the `n`th occurrence of `needle` in `text`. */
function rangeOf(text: string, needle: string, n = 0, base = 0): { start: number; end: number } {
  let i = -1;
  for (let k = 0; k <= n; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`"${needle}" #${n} not in text`);
  }
  return { start: base + i, end: base + i + needle.length };
}

describe('standard JSON', () => {
  it('parses values with exact ranges', () => {
    const text = '{"a": 1, "b": [true, false, null], "c": {"d": "e"}}';
    const { value, end } = ok(text);
    expect(end).toBe(text.length);
    const root = obj(value);
    expect(root.range).toEqual({ start: 0, end: text.length });
    expect(root.hasEllipsis).toBe(false);
    const [a, b, c] = root.properties;
    expect(a!.key).toBe('a');
    expect(a!.keyRange).toEqual({ start: 1, end: 4 });
    expect(a!.value).toEqual({ type: 'number', value: 1, range: { start: 6, end: 7 } });
    expect(a!.range).toEqual({ start: 1, end: 7 });
    expect(b!.keyRange).toEqual({ start: 9, end: 12 });
    const items = arr(b!.value);
    expect(items.range).toEqual({ start: 14, end: 33 });
    expect(items.items).toEqual([
      { type: 'boolean', value: true, range: { start: 15, end: 19 } },
      { type: 'boolean', value: false, range: { start: 21, end: 26 } },
      { type: 'null', range: { start: 28, end: 32 } },
    ]);
    expect(c!.keyRange).toEqual({ start: 35, end: 38 });
    const inner = obj(c!.value);
    expect(inner.range).toEqual({ start: 40, end: 50 });
    expect(inner.properties[0]!.keyRange).toEqual({ start: 41, end: 44 });
    expect(inner.properties[0]!.value).toEqual({
      type: 'string',
      value: 'e',
      templated: false,
      range: { start: 46, end: 49 },
    });
    expect(toPlainValue(value)).toEqual(JSON.parse(text));
  });

  it('agrees with JSON.parse on plain documents', () => {
    const docs = [
      '{}',
      '[]',
      '"x"',
      '0',
      '-0.5e-3',
      '1E+2',
      '{"a": [1, 2, {"b": [], "c": {}}], "d": "\\u00e9\\n\\t\\"\\\\\\/", "e": 12.5}',
      '[[[[["deep"]]]]]',
      '{"unicode": "héllo → wörld 🎉"}',
      '  \n\t {"ws" :\n 1 \n}',
    ];
    for (const doc of docs) {
      const { value, end } = ok(doc);
      expect(toPlainValue(value)).toEqual(JSON.parse(doc));
      expect(end).toBe(doc.length);
    }
  });

  it('starts at `start`, skips leading whitespace, stops right after the value', () => {
    const text = 'Return this: \n {"status": "ok"} and then some prose {not json';
    const start = text.indexOf(':') + 1;
    const { value, end } = ok(text, start);
    expect(value.range).toEqual(rangeOf(text, '{"status": "ok"}'));
    expect(end).toBe(rangeOf(text, '{"status": "ok"}').end);
    expect(text.slice(end)).toBe(' and then some prose {not json');
  });

  it('adds options.base to every range and to end', () => {
    const text = 'xx{"a": [1]}';
    const { value, end } = ok(text, 2, { base: 1000 });
    const root = obj(value);
    expect(root.range).toEqual({ start: 1002, end: 1012 });
    expect(end).toBe(1012);
    expect(root.properties[0]!.keyRange).toEqual({ start: 1003, end: 1006 });
    expect(arr(root.properties[0]!.value).items[0]!.range).toEqual({ start: 1009, end: 1010 });
    expect(fail('xx{"a" 1}', 2, { base: 1000 }).offset).toBe(1007);
  });

  it('parses numbers', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['-1', -1],
      ['3.25', 3.25],
      ['-0.5', -0.5],
      ['1e3', 1000],
      ['2.5E-2', 0.025],
      ['-7e+1', -70],
      ['123456789', 123456789],
    ];
    for (const [text, n] of cases) {
      const node = valueOf(text);
      expect(node).toEqual({ type: 'number', value: n, range: { start: 6, end: 6 + text.length } });
    }
  });

  it('keeps duplicate keys in order', () => {
    const text = '{"a": 1, "b": 2, "a": 3}';
    const root = obj(ok(text).value);
    expect(root.properties.map((p) => p.key)).toEqual(['a', 'b', 'a']);
    expect(root.properties[2]!.keyRange).toEqual({ start: 17, end: 20 });
    expect(toPlainValue(root)).toEqual({ a: 3, b: 2 });
    expect(findProperty(root, 'a')!.value).toMatchObject({ value: 3 });
  });
});

describe('comments and trailing commas', () => {
  it('accepts // and /* */ comments wherever whitespace may be', () => {
    const text = [
      '/* lead */ {',
      '  // a line comment',
      '  "a" /* before colon */ : /* before value */ 1, // after comma',
      '  "b": [ /* in array */ 1 /* after item */, 2 ] /* after array */,',
      '  "url": "http://example.com/x" // a string with // inside stays intact',
      '} // trailing',
    ].join('\n');
    const { value, end } = ok(text);
    expect(toPlainValue(value)).toEqual({ a: 1, b: [1, 2], url: 'http://example.com/x' });
    expect(text.slice(end)).toBe(' // trailing');
    expect(obj(value).properties[0]!.keyRange).toEqual(rangeOf(text, '"a"'));
  });

  it('accepts trailing commas in objects and arrays', () => {
    const text = '{"a": [1, 2, ], "b": {"c": 1,},}';
    expect(toPlainValue(ok(text).value)).toEqual({ a: [1, 2], b: { c: 1 } });
  });

  it('ends a number or literal at a comment', () => {
    expect(toPlainValue(ok('{"a": 1// one\n, "b": true/* t */}').value)).toEqual({ a: 1, b: true });
  });
});

describe('template strings', () => {
  it('splits enumerations into alternatives', () => {
    const s = str(valueOf('"completed|failed|partial|blocked"'));
    expect(s.value).toBe('completed|failed|partial|blocked');
    expect(s.alternatives).toEqual(['completed', 'failed', 'partial', 'blocked']);
    expect(s.templated).toBe(false);
    expect(str(valueOf('"v1.0|v2.0|in-progress|a_b"')).alternatives).toEqual(['v1.0', 'v2.0', 'in-progress', 'a_b']);
  });

  it('sets no alternatives unless the whole value is 2+ simple words joined by |', () => {
    for (const text of ['"completed"', '"a | b"', '"a|"', '"|a"', '"a||b"', '"a b|c"', '"{x}|y"', '"a|b "', '""']) {
      expect(str(valueOf(text)).alternatives, text).toBeUndefined();
    }
  });

  it('flags templated strings', () => {
    const templated = [
      'sess_{timestamp}_{random}',
      '{session_id}',
      '.opencode/specs/{number}_x/',
      'Task ${task_number} done',
      '{{placeholder}}',
      'path/<name>/file',
      'see [path]',
      'Created git commit {hash} with {N} files',
      '{ spaced }',
    ];
    for (const value of templated) {
      expect(str(valueOf(JSON.stringify(value))).templated, value).toBe(true);
    }
    const plain = [
      'completed',
      'Brief 2-5 sentence summary (<100 tokens)',
      'What user should do next',
      'a < b and c > d',
      '{}',
      '[]',
      '[ ]',
      '<>',
      '{unclosed',
      'closed}',
      'x{a\nb}',
    ];
    for (const value of plain) {
      expect(str(valueOf(JSON.stringify(value))).templated, value).toBe(false);
    }
  });

  it('reads single-quoted strings', () => {
    const text = "{'a': 'it\\'s', \"b\": 'x'}";
    const root = obj(ok(text).value);
    expect(toPlainValue(root)).toEqual({ a: "it's", b: 'x' });
    expect(root.properties[0]!.keyRange).toEqual({ start: 1, end: 4 });
    expect(root.properties[0]!.value.range).toEqual({ start: 6, end: 13 });
  });

  it('keeps unknown escapes as written', () => {
    expect(str(valueOf('"\\d+\\s"')).value).toBe('\\d+\\s');
    expect(str(valueOf('"\\u12"')).value).toBe('\\u12');
  });

  it('reads a one-line union of strings as alternatives', () => {
    const text = '{"decision": "allow" | "deny", "x": 1}';
    const s = str(obj(ok(text).value).properties[0]!.value);
    expect(s.value).toBe('allow|deny');
    expect(s.alternatives).toEqual(['allow', 'deny']);
    expect(s.range).toEqual(rangeOf(text, '"allow" | "deny"'));
    const mixed = valueOf('"x" | null');
    expect(mixed).toEqual({ type: 'placeholder', text: '"x" | null', range: { start: 6, end: 16 } });
  });
});

describe('bare placeholder values', () => {
  const cases = [
    'N',
    '123abc',
    '{duration}',
    '{delegation_path}',
    '{delegation_depth + 1}',
    '${task_number}',
    'true|false',
    '0.0-1.0',
    'YYYY-MM-DD',
    '<path>',
    'True',
    'None',
    '-',
    '1-3',
    '007',
    '1.',
    '1 + depth',
    '5 seconds',
    'true or false',
    'HH:MM:SS',
    'str(alert["value"])',
    'f(a, [b, c], {d: e})',
    '{ [same structure] }',
    '{for each item}',
    'http://example.com/a',
    '$(date -I)',
  ];
  for (const text of cases) {
    it(`reads ${text} as a placeholder`, () => {
      const node = valueOf(text);
      expect(node).toEqual({ type: 'placeholder', text, range: { start: 6, end: 6 + text.length } });
    });
  }

  it('ends a placeholder at , } ] or a line break, trimmed', () => {
    const text = '{\n  "a": some value  ,\n  "b": [one thing, {x}],\n  "c": trailing words   \n}';
    const root = obj(ok(text).value);
    expect(root.properties[0]!.value).toEqual({ type: 'placeholder', text: 'some value', range: rangeOf(text, 'some value') });
    const items = arr(root.properties[1]!.value).items as JsonPlaceholder[];
    expect(items.map((i) => i.text)).toEqual(['one thing', '{x}']);
    expect(items[1]!.range).toEqual(rangeOf(text, '{x}'));
    expect(root.properties[2]!.value).toEqual({
      type: 'placeholder',
      text: 'trailing words',
      range: rangeOf(text, 'trailing words'),
    });
  });

  it('ends a placeholder at a comment preceded by whitespace', () => {
    const text = '{"n": N // the count\n}';
    const p = obj(ok(text).value).properties[0]!.value;
    expect(p).toEqual({ type: 'placeholder', text: 'N', range: { start: 6, end: 7 } });
  });

  it('parses real objects in value position', () => {
    expect(toPlainValue(ok('{"a": { "b": 1 }, "c": {}, "d": {\n"e": {/* x */}}}').value)).toEqual({
      a: { b: 1 },
      c: {},
      d: { e: {} },
    });
  });

  it('reads a top-level placeholder', () => {
    expect(ok('{duration} seconds').value).toEqual({
      type: 'placeholder',
      text: '{duration} seconds',
      range: { start: 0, end: 18 },
    });
    expect(ok('{duration}, rest').end).toBe(10);
  });
});

describe('bare and unquoted keys', () => {
  it('reads {type, path, summary} as an object of bare keys', () => {
    const text = '{"artifacts": [{type, path, summary}]}';
    const inner = obj(arr(obj(ok(text).value).properties[0]!.value).items[0]!);
    expect(inner.properties.map((p) => p.key)).toEqual(['type', 'path', 'summary']);
    const path = inner.properties[1]!;
    expect(path.keyRange).toEqual(rangeOf(text, 'path'));
    expect(path.value).toEqual({ type: 'placeholder', text: '', range: rangeOf(text, 'path') });
    expect(path.range).toEqual(rangeOf(text, 'path'));
    expect(toPlainValue(inner)).toEqual({ type: PLACEHOLDER_VALUE, path: PLACEHOLDER_VALUE, summary: PLACEHOLDER_VALUE });
  });

  it('reads multi-line bare keys', () => {
    const root = obj(ok('{\n  session_id,\n  duration_seconds\n}').value);
    expect(root.properties.map((p) => p.key)).toEqual(['session_id', 'duration_seconds']);
  });

  it('reads JS-style identifier keys', () => {
    const text = '{ key: "value", other_key: 2, "quoted": 3, $ref: x }';
    const root = obj(ok(text).value);
    expect(toPlainValue(root)).toEqual({ key: 'value', other_key: 2, quoted: 3, $ref: PLACEHOLDER_VALUE });
    expect(root.properties[0]!.keyRange).toEqual(rangeOf(text, 'key'));
    expect(root.properties[0]!.range).toEqual(rangeOf(text, 'key: "value"'));
  });

  it('rejects a quoted key without a colon', () => {
    const text = '{"a", "b"}';
    expect(fail(text)).toEqual({ message: 'expected \':\' after key "a"', offset: 4 });
  });
});

describe('ellipsis', () => {
  it('marks arrays holding ... or …', () => {
    for (const text of ['[{type, path}, ...]', '[1, 2, …]', '[...]', '[\n  "a",\n  ...\n]', '[..., 1]']) {
      const a = arr(ok(text).value);
      expect(a.hasEllipsis, text).toBe(true);
      expect(a.items.every((i) => i.type !== 'placeholder' || i.text !== '...'), text).toBe(true);
    }
    const a = arr(ok('[1, ..., 2]').value);
    expect(toPlainValue(a)).toEqual([1, 2]);
  });

  it('marks objects holding ...', () => {
    for (const text of ['{...}', '{"a": 1, ...}', '{\n  "a": 1,\n  ...\n}', '{session_id, ...}', '{ … }', '{...\n"a": 1}']) {
      expect(obj(ok(text).value).hasEllipsis, text).toBe(true);
    }
    expect(obj(ok('{"a": 1}').value).hasEllipsis).toBe(false);
  });

  it('keeps "..." as a string', () => {
    const a = arr(ok('["a", "..."]').value);
    expect(a.hasEllipsis).toBe(false);
    expect(toPlainValue(a)).toEqual(['a', '...']);
  });

  it('reads a JS spread in an array as a placeholder item', () => {
    const text = '["orchestrator", ...delegation_path, "x"]';
    const a = arr(ok(text).value);
    expect(a.items[1]).toEqual({ type: 'placeholder', text: '...delegation_path', range: rangeOf(text, '...delegation_path') });
    expect(a.hasEllipsis).toBe(false);
    expect(obj(ok('{...base, "a": 1}').value).properties.map((p) => p.key)).toEqual(['a']);
  });
});

describe('escaped mode', () => {
  const prompt = [
    'task(',
    '  subagent_type="status-sync-manager",',
    '  prompt="{',
    '    \\"operation\\": \\"update_status\\",',
    '    \\"task_number\\": ${task_number},',
    '    \\"timestamp\\": \\"$(date -I)\\",',
    '    \\"delegation_depth\\": 1,',
    '    \\"delegation_path\\": [\\"orchestrator\\", \\"research\\", \\"x\\"]',
    '  }",',
    ')',
  ].join('\n');

  it('parses JSON whose quotes are written \\"', () => {
    const start = prompt.indexOf('{');
    const { value, end } = ok(prompt, start, { escapedQuotes: true });
    expect(prompt.slice(end, end + 2)).toBe('",');
    expect(toPlainValue(value)).toEqual({
      operation: 'update_status',
      task_number: PLACEHOLDER_VALUE,
      timestamp: '$(date -I)',
      delegation_depth: 1,
      delegation_path: ['orchestrator', 'research', 'x'],
    });
    const root = obj(value);
    const op = root.properties[0]!;
    expect(op.keyRange).toEqual(rangeOf(prompt, '\\"operation\\"'));
    expect(op.value.range).toEqual(rangeOf(prompt, '\\"update_status\\"'));
    expect(root.properties[1]!.value.range).toEqual(rangeOf(prompt, '${task_number}'));
    const path = arr(nodeAtPointer(root, '/delegation_path')!);
    expect(path.items[2]!.range).toEqual(rangeOf(prompt, '\\"x\\"'));
  });

  it('accepts literal \\n as whitespace and plain quotes too', () => {
    const text = '"{\\n  \\"a\\": 1,\\n  "b": \\"two\\"\\n}"';
    const { value, end } = ok(text, 1, { escapedQuotes: true });
    expect(toPlainValue(value)).toEqual({ a: 1, b: 'two' });
    expect(text.slice(end)).toBe('"');
  });

  it('decodes doubly escaped characters inside escaped strings', () => {
    const text = '{\\"a\\": \\"say \\\\\\"hi\\\\\\" \\\\\\\\ x\\\\ny\\"}';
    expect(toPlainValue(ok(text, 0, { escapedQuotes: true }).value)).toEqual({ a: 'say "hi" \\ x\ny' });
  });

  it('reports errors with raw offsets', () => {
    const text = '{\\"a\\": 1 \\"b\\": 2}';
    expect(fail(text, 0, { escapedQuotes: true })).toEqual({
      message: 'expected \',\' or \'}\' after property "a"',
      offset: text.indexOf('\\"b'),
    });
  });

  it('does not treat \\" as a delimiter without the option', () => {
    // `{\` does not start an object, so the value is a (balanced) placeholder.
    const text = '{\\"a\\": 1, \\"b\\": 2}';
    expect(ok(text).value).toMatchObject({ type: 'placeholder', text });
    expect(fail('{\n\\"a\\": 1}').message).toMatch(/expected a property key/);
  });
});

describe('errors', () => {
  const cases: [string, string, number][] = [
    ['{"a": "unterminated', 'unterminated string', 6],
    ['{"a": "line\nbreak"}', 'unterminated string', 6],
    ['[1, 2', 'unexpected end of input inside array opened at offset 0', 5],
    ['{"a": {"b": 1}', 'unexpected end of input inside object opened at offset 0', 14],
    ['{"a": [1}', "expected ',' or ']' after array item 0", 8],
    ['{"a": 1]', 'expected \',\' or \'}\' after property "a"', 7],
    ['{"a" 1}', 'expected \':\' after key "a"', 5],
    ['{"a": "x" "y"}', 'expected \',\' or \'}\' after property "a"', 10],
    ['{"a": 1 2}', 'expected \',\' or \'}\' after property "a"', 8],
    ['{"a": true false}', 'expected \',\' or \'}\' after property "a"', 11],
    ['[1 2]', "expected ',' or ']' after array item 0", 3],
    ['[{"a": 1} {"b": 2}]', "expected ',' or ']' after array item 0", 10],
    ['{"a": 1\n "b": 2}', 'expected \',\' or \'}\' after property "a"', 9],
    ['{"a": N\n "b": 2}', 'expected \',\' or \'}\' after property "a"', 9],
    ['[\n  "a"\n  "b"\n]', "expected ',' or ']' after array item 0", 10],
    ['{"a": }', "expected a value, found '}'", 6],
    ['{"a": ,}', "expected a value, found ','", 6],
    ['[,]', "expected a value, found ','", 1],
    ['{\n,}', "expected a property key or '}' in object opened at offset 0", 2],
    ['{"a": 1, 2}', "expected a property key or '}' in object opened at offset 0", 9],
    ['{"a": 1 /* open', 'unterminated comment', 8],
    ['', 'unexpected end of input, expected a value', 0],
    ['   ', 'unexpected end of input, expected a value', 3],
    ['{"a":', 'unexpected end of input inside object opened at offset 0', 5],
  ];
  for (const [text, message, offset] of cases) {
    it(`${JSON.stringify(text)} → ${message}`, () => {
      expect(fail(text)).toEqual({ message, offset });
    });
  }

  it('reports a bad start offset', () => {
    expect(fail('{}', 5).message).toMatch(/outside the text/);
    expect(fail('{}', -1).message).toMatch(/outside the text/);
  });

  it('reports offsets with base', () => {
    expect(fail('[1, 2', 0, { base: 50 })).toEqual({
      message: 'unexpected end of input inside array opened at offset 50',
      offset: 55,
    });
  });
});

describe('limits', () => {
  it(`accepts nesting of ${MAX_DEPTH} and rejects deeper`, () => {
    const deep = '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH);
    expect(ok(deep).end).toBe(deep.length);
    const deepObj = '{"a":'.repeat(MAX_DEPTH) + '1' + '}'.repeat(MAX_DEPTH);
    expect(ok(deepObj).end).toBe(deepObj.length);
    const tooDeep = '['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1);
    expect(fail(tooDeep)).toEqual({ message: 'nesting deeper than 1000', offset: MAX_DEPTH });
  });

  it('returns an error quickly for 100,000 [', () => {
    const text = '['.repeat(100_000);
    const t0 = performance.now();
    expect(fail(text).message).toBe('nesting deeper than 1000');
    expect(fail('{"a":'.repeat(100_000)).message).toBe('nesting deeper than 1000');
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('parses a 5 MB string', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const text = `{"big": "${big}", "after": 1}`;
    const t0 = performance.now();
    const root = obj(ok(text).value);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(str(root.properties[0]!.value).value.length).toBe(big.length);
    expect(root.properties[1]!.keyRange.start).toBe(text.indexOf('"after"'));
  });

  it('is linear on long inputs', () => {
    const many = '[' + Array.from({ length: 200_000 }, (_, i) => `{"k${i}": "v|w", "n": ${i}}`).join(',') + ']';
    const t0 = performance.now();
    expect(arr(ok(many).value).items.length).toBe(200_000);
    // An unterminated placeholder line and an unclosed array are both scanned once.
    expect(fail('[' + 'a '.repeat(500_000)).message).toMatch(/end of input inside array/);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('never throws on junk', () => {
    const alphabet = ['{', '}', '[', ']', '"', "'", ',', ':', ' ', '\n', '\\', '/', '*', '.', '…', '|', 'a', '1', '-', 'true', '$', '<', '>', '(', ')'];
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const len = rand(40);
      for (let k = 0; k < len; k++) text += alphabet[rand(alphabet.length)];
      for (const escapedQuotes of [false, true]) {
        const r = parseTolerantJson(text, 0, { escapedQuotes });
        if (r.ok) {
          expect(r.end).toBeGreaterThan(0);
          expect(r.end).toBeLessThanOrEqual(text.length);
        } else {
          expect(r.error.offset).toBeGreaterThanOrEqual(0);
          expect(r.error.offset).toBeLessThanOrEqual(text.length);
        }
      }
    }
  });
});

describe('real return-format templates', () => {
  const template = [
    '```json',
    '{',
    '  "status": "completed|partial|failed",',
    '  "summary": "Brief 2-5 sentence summary (<100 tokens)",',
    '  "artifacts": [{type, path, summary}, ...],',
    '  "metadata": {session_id, duration_seconds, agent_type, delegation_depth, delegation_path},',
    '  "errors": [{type, message, recoverable, recommendation}, ...],',
    '  "duration_seconds": {duration},',
    '  "task_ranges": [343, 344, 345],  // or "all" for all tasks',
    '  "next_steps": "What user should do next"',
    '}',
    '```',
  ].join('\n');

  it('parses the template', () => {
    const start = template.indexOf('{');
    const { value, end } = ok(template, start, { base: 10 });
    expect(end - 10).toBe(template.lastIndexOf('}') + 1);
    const root = obj(value);
    expect(root.properties.map((p) => p.key)).toEqual([
      'status',
      'summary',
      'artifacts',
      'metadata',
      'errors',
      'duration_seconds',
      'task_ranges',
      'next_steps',
    ]);
    const status = str(findProperty(root, 'status')!.value);
    expect(status.alternatives).toEqual(['completed', 'partial', 'failed']);
    expect(status.range).toEqual(rangeOf(template, '"completed|partial|failed"', 0, 10));
    expect(findProperty(root, 'status')!.keyRange).toEqual(rangeOf(template, '"status"', 0, 10));
    expect(str(findProperty(root, 'summary')!.value).templated).toBe(false);

    const artifacts = arr(findProperty(root, 'artifacts')!.value);
    expect(artifacts.hasEllipsis).toBe(true);
    expect(artifacts.items).toHaveLength(1);
    expect(obj(artifacts.items[0]!).properties.map((p) => p.key)).toEqual(['type', 'path', 'summary']);

    const metadata = obj(findProperty(root, 'metadata')!.value);
    expect(metadata.properties.map((p) => p.key)).toEqual([
      'session_id',
      'duration_seconds',
      'agent_type',
      'delegation_depth',
      'delegation_path',
    ]);
    expect(nodeAtPointer(root, '/metadata/delegation_path')!.range).toEqual(rangeOf(template, 'delegation_path', 0, 10));

    expect(findProperty(root, 'duration_seconds')!.value).toEqual({
      type: 'placeholder',
      text: '{duration}',
      range: rangeOf(template, '{duration}', 0, 10),
    });
    expect(toPlainValue(findProperty(root, 'task_ranges')!.value)).toEqual([343, 344, 345]);
    expect(str(findProperty(root, 'next_steps')!.value).value).toBe('What user should do next');
  });

  it('parses a subagent return example with templated strings', () => {
    const text = `{
      "status": "completed|partial|failed",
      "summary": "Executed {N} of {M} phases for task {number}. {brief_description}",
      "artifacts": [
        {
          "type": "summary",
          "path": ".opencode/specs/{task_number}_{topic_slug}/summaries/implementation-summary-20251226.md",
          "summary": "Implementation summary"
        }
      ],
      "metadata": {
        "session_id": "sess_{timestamp}_{random}",
        "duration_seconds": 123,
        "agent_type": "task-executor",
        "delegation_depth": {delegation_depth + 1},
        "delegation_path": ["orchestrator", "implement", "task-executor"]
      },
      "errors": [],
      "next_steps": "Review implementation"
    }`;
    const root = obj(ok(text).value);
    expect(str(findProperty(root, 'summary')!.value).templated).toBe(true);
    expect(str(nodeAtPointer(root, '/artifacts/0/path')).templated).toBe(true);
    expect(str(nodeAtPointer(root, '/metadata/session_id')).templated).toBe(true);
    expect(nodeAtPointer(root, '/metadata/delegation_depth')).toMatchObject({
      type: 'placeholder',
      text: '{delegation_depth + 1}',
    });
    expect(toPlainValue(nodeAtPointer(root, '/metadata/delegation_path')!)).toEqual([
      'orchestrator',
      'implement',
      'task-executor',
    ]);
  });
});

describe('toPlainValue and placeholders', () => {
  it('converts placeholders to the frozen sentinel', () => {
    const plain = toPlainValue(ok('{"a": N, "b": [{x}, 1], "c": null}').value) as Record<string, unknown>;
    expect(plain.a).toBe(PLACEHOLDER_VALUE);
    expect(isPlaceholderValue(plain.a)).toBe(true);
    expect((plain.b as unknown[])[0]).toBe(PLACEHOLDER_VALUE);
    expect(plain.c).toBeNull();
    expect(isPlaceholderValue({ __placeholder: true })).toBe(false);
    expect(isPlaceholderValue(null)).toBe(false);
    expect(Object.isFrozen(PLACEHOLDER_VALUE)).toBe(true);
  });

  it('stores a __proto__ key as an own property', () => {
    const plain = toPlainValue(ok('{"__proto__": {"polluted": true}}').value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(plain, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('nodeAtPointer and findProperty', () => {
  const text = '{"metadata": {"delegation_path": ["a", "b"]}, "a/b": 1, "m~n": 2, "": 3, "arr": [[0, 1]]}';
  const root = ok(text).value;

  it('walks objects and arrays', () => {
    expect(nodeAtPointer(root, '')).toBe(root);
    expect(str(nodeAtPointer(root, '/metadata/delegation_path/1')).value).toBe('b');
    expect(nodeAtPointer(root, '/metadata/delegation_path/1')!.range).toEqual(rangeOf(text, '"b"'));
    expect(nodeAtPointer(root, '/arr/0/1')).toMatchObject({ type: 'number', value: 1 });
  });

  it('unescapes ~1 and ~0', () => {
    expect(nodeAtPointer(root, '/a~1b')).toMatchObject({ value: 1 });
    expect(nodeAtPointer(root, '/m~0n')).toMatchObject({ value: 2 });
    expect(nodeAtPointer(root, '/')).toMatchObject({ value: 3 });
  });

  it('returns undefined for missing paths', () => {
    for (const p of ['metadata', '/nope', '/metadata/delegation_path/2', '/metadata/delegation_path/01', '/metadata/delegation_path/-', '/arr/0/1/x', '/metadata/delegation_path/x']) {
      expect(nodeAtPointer(root, p), p).toBeUndefined();
    }
  });

  it('finds properties by key', () => {
    const o = obj(root);
    expect(findProperty(o, 'a/b')!.keyRange).toEqual(rangeOf(text, '"a/b"'));
    expect(findProperty(o, 'missing')).toBeUndefined();
  });
});
