/**
 * The reader of JSON files as plain data: configs, package.json and the manifests discovery
 * follows. They may hold `//` and `/* *\/` comments and trailing commas (JSONC), as editors
 * allow. A file linted as a document is read with positions instead (strict.ts); a template
 * written in a spec, with the tolerant parser (parse.ts).
 *
 * Comments and trailing commas become spaces, so offsets (and the parser's error positions) stay
 * those of the original text.
 */
function stripJsonComments(text: string, trailingCommas = true): string {
  const out: string[] = [];
  const n = text.length;
  // Index in `out` of the last comma outside strings, while only whitespace/comments follow it.
  let pendingComma = -1;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, Math.min(j + 1, n)));
      i = j + 1;
      pendingComma = -1;
    } else if (c === '/' && text[i + 1] === '/') {
      let j = text.indexOf('\n', i);
      if (j === -1) j = n;
      out.push(' '.repeat(j - i));
      i = j;
    } else if (c === '/' && text[i + 1] === '*') {
      let j = text.indexOf('*/', i + 2);
      j = j === -1 ? n : j + 2;
      out.push(text.slice(i, j).replace(/[^\n]/g, ' '));
      i = j;
    } else {
      if ((c === '}' || c === ']') && pendingComma !== -1 && trailingCommas) out[pendingComma] = ' ';
      if (c === ',') pendingComma = out.length;
      else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') pendingComma = -1;
      out.push(c);
      i++;
    }
  }
  return out.join('');
}

/**
 * The text with its comments made spaces and nothing else changed: what a tool that strips
 * comments before `JSON.parse` reads (a trailing comma stays an error), at the same offsets.
 */
export function blankJsonComments(text: string): string {
  return text.includes('/') ? stripJsonComments(text, false) : text;
}

/** One-based line and column of an offset. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Parses JSONC; a syntax error names its line and column. */
export function parseJsonc(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Plain JSON first: the common case, and much quicker. Stripping changes no valid JSON text.
  try {
    return JSON.parse(body);
  } catch {
    /* comments or trailing commas, or an error to report from the stripped text */
  }
  const stripped = stripJsonComments(body);
  try {
    return JSON.parse(stripped);
  } catch (e) {
    const msg = (e as Error).message.split('\n')[0]!;
    const at = /at position (\d+)/.exec(msg);
    if (!at || /line \d+ column \d+/.test(msg)) throw new SyntaxError(msg);
    const { line, column } = positionOf(stripped, Number(at[1]));
    throw new SyntaxError(`${msg.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`);
  }
}
