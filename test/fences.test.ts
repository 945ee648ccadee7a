/**
 * Fenced blocks found by scanning lines (src/model/fences.ts): indented fences inside XML,
 * tildes, longer closing fences, info strings, unclosed fences.
 */
import { describe, expect, it } from 'vitest';
import { scanFences } from '../src/model/fences.js';
import { LineIndex } from '../src/model/lines.js';

const scan = (text: string) => scanFences(text, new LineIndex(text)).map((b) => ({
  lang: b.lang,
  info: b.info,
  indent: b.indent,
  closed: b.closed,
  content: text.slice(b.contentRange.start, b.contentRange.end),
  whole: text.slice(b.range.start, b.range.end),
}));

describe('scanFences', () => {
  it('finds a plain fence, its language and content', () => {
    expect(scan('# T\n\n```json\n{"a": 1}\n```\nafter\n')).toEqual([
      { lang: 'json', info: 'json', indent: 0, closed: true, content: '{"a": 1}\n', whole: '```json\n{"a": 1}\n```' },
    ]);
  });

  it('finds fences indented inside XML, with tabs counted as four columns', () => {
    const text = '<stage>\n    ```json\n    {"x": 2}\n    ```\n</stage>\n\t~~~yaml\n\ta: b\n\t~~~\n';
    expect(scan(text).map((b) => [b.lang, b.indent, b.content])).toEqual([
      ['json', 4, '    {"x": 2}\n'],
      ['yaml', 4, '\ta: b\n'],
    ]);
  });

  it('closes only on a line of the same marker at least as long', () => {
    const text = '````md\n```\ninner\n```\n~~~~\n````\nrest\n';
    const [b] = scan(text);
    expect(b!.content).toBe('```\ninner\n```\n~~~~\n');
    expect(b!.closed).toBe(true);
  });

  it('takes the info string whole and the language as its first word, lower-cased', () => {
    expect(scan('```JSON title="x"\n{}\n```\n')[0]).toMatchObject({ lang: 'json', info: 'JSON title="x"' });
    expect(scan('```json{1,3}\n{}\n```\n')[0]!.lang).toBe('json');
  });

  it('does not open on inline code with a backtick in the info string', () => {
    expect(scan('```js `x` ```\ntext\n')).toEqual([]);
  });

  it('accepts a closing fence after spaces, tabs or other blank characters, and with trailing blanks', () => {
    for (const close of ['   ```', '\t```', '\u00a0```', '```  ', '```\r']) {
      const text = `\`\`\`\ncode\n${close}\nafter\n`;
      expect(scan(text)[0], JSON.stringify(close)).toMatchObject({ closed: true, content: 'code\n' });
    }
  });

  it('runs an unclosed fence to the end of the text and stops there', () => {
    expect(scan('a\n```json\n{"a":\n```x\n')).toEqual([
      { lang: 'json', info: 'json', indent: 0, closed: false, content: '{"a":\n```x\n', whole: '```json\n{"a":\n```x\n' },
    ]);
  });

  it('finds consecutive fences and none in plain text', () => {
    expect(scan('```\na\n```\n\n~~~\nb\n~~~\n').map((b) => b.content)).toEqual(['a\n', 'b\n']);
    expect(scan('no fences here\n  just `code` and ~~strike~~\n')).toEqual([]);
  });
});
