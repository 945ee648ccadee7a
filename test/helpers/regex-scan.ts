/**
 * A static look at the regular expressions in TypeScript source, for the regex-safety test.
 *
 * `findRegexes` finds regex literals (`/.../flags`) and `new RegExp('...')` / `RegExp("...")`
 * calls with a string literal, with a small tokenizer: it skips comments, strings and template
 * literals (`${}` included), and tells a regex from a division by the token before the slash
 * (the usual heuristic: after a value — a name, a number, `)` or `]` — a slash divides).
 *
 * `nestedQuantifiers` flags a group that holds a varying quantifier (`*`, `+`, `{n,}`, `{n,m}`)
 * and is itself repeated without bound (`*`, `+`, `{n,}`): `(a+)+`, `(a*)*`, `(.*)*`,
 * `(\s*\w+)*`, `(?:x+y)+`, `(a{1,3})+`. Such a
 * pattern can take exponential time on input that almost matches. It is a heuristic: it does
 * not see overlapping alternatives (`(a|aa)+`) or quadratic scans (`\s+$` unanchored); the
 * test's timed runs on long adversarial lines cover those.
 */

export interface FoundRegex {
  file: string;
  line: number;
  source: string;
  flags: string;
  kind: 'literal' | 'constructor';
}

const KEYWORDS_BEFORE_REGEX = new Set([
  'return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await',
]);

export function findRegexes(text: string, file = ''): FoundRegex[] {
  const out: FoundRegex[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  /** The last significant token: 'value' (a slash after it divides) or 'operator'. */
  let last: 'value' | 'operator' = 'operator';
  let lastWord = '';
  /** Open template literals: the brace depth inside each `${`. */
  const templates: number[] = [];
  let braceDepth = 0;

  const readString = (q: string): string => {
    let s = '';
    i++;
    while (i < n && text[i] !== q) {
      if (text[i] === '\\') {
        s += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (text[i] === '\n') line++;
      s += text[i];
      i++;
    }
    i++;
    return s;
  };

  /** Scans template text from `i` (after ` or }) to the closing ` or to `${`. */
  const readTemplate = () => {
    while (i < n) {
      const c = text[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '\n') line++;
      if (c === '`') {
        i++;
        last = 'value';
        return;
      }
      if (c === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(braceDepth);
        braceDepth++;
        last = 'operator';
        return;
      }
      i++;
    }
  };

  if (text.startsWith('#!')) i = text.indexOf('\n') === -1 ? n : text.indexOf('\n'); // a shebang line
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      const end = e === -1 ? n : e + 2;
      for (let k = i; k < end; k++) if (text[k] === '\n') line++;
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      const s = readString(c);
      // new RegExp('...') / RegExp("...")
      const before = text.slice(Math.max(0, i - s.length - 60), i - s.length - 2);
      if (/\bRegExp\s*\(\s*$/.test(before)) out.push({ file, line, source: unescapeJs(s), flags: '', kind: 'constructor' });
      last = 'value';
      continue;
    }
    if (c === '`') {
      i++;
      readTemplate();
      continue;
    }
    if (c === '{') {
      braceDepth++;
      i++;
      last = 'operator';
      continue;
    }
    if (c === '}') {
      braceDepth--;
      i++;
      if (templates.length && templates[templates.length - 1] === braceDepth) {
        templates.pop();
        readTemplate();
      } else last = 'operator';
      continue;
    }
    if (c === '/') {
      if (last === 'operator') {
        // A regex literal.
        const startLine = line;
        let k = i + 1;
        let inClass = false;
        while (k < n && text[k] !== '\n') {
          const d = text[k];
          if (d === '\\') {
            k += 2;
            continue;
          }
          if (d === '[') inClass = true;
          else if (d === ']') inClass = false;
          else if (d === '/' && !inClass) break;
          k++;
        }
        const source = text.slice(i + 1, k);
        let f = k + 1;
        while (f < n && /[a-z]/.test(text[f]!)) f++;
        out.push({ file, line: startLine, source, flags: text.slice(k + 1, f), kind: 'literal' });
        i = f;
        last = 'value';
        continue;
      }
      i++;
      last = 'operator';
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      let k = i + 1;
      while (k < n && /[A-Za-z0-9_$]/.test(text[k]!)) k++;
      lastWord = text.slice(i, k);
      last = KEYWORDS_BEFORE_REGEX.has(lastWord) ? 'operator' : 'value';
      i = k;
      continue;
    }
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9A-Za-z_.]/.test(text[i]!)) i++;
      last = 'value';
      continue;
    }
    last = c === ')' || c === ']' ? 'value' : 'operator';
    i++;
  }
  return out;
}

function unescapeJs(s: string): string {
  return s.replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch === 't' ? '\t' : ch));
}

/**
 * Groups that repeat without bound and hold an unbounded quantifier. Returns a description of
 * each (empty when none).
 */
export function nestedQuantifiers(source: string): string[] {
  interface Group {
    start: number;
    /** An unbounded quantifier somewhere inside. */
    inner: boolean;
  }
  const found: string[] = [];
  const stack: Group[] = [];
  let i = 0;
  const n = source.length;
  /** Length of an unbounded quantifier at `p` (`*`, `+`, `{n,}`), 0 if none. */
  const unbounded = (p: number): number => {
    const c = source[p];
    if (c === '*' || c === '+') return 1;
    if (c === '{') {
      const m = /^\{\d*,\}/.exec(source.slice(p));
      if (m) return m[0].length;
    }
    return 0;
  };
  /** Length of a quantifier at `p` that lets an atom match a varying number of times, `?` aside. */
  const variable = (p: number): number => {
    const u = unbounded(p);
    if (u) return u;
    const m = source[p] === '{' ? /^\{(\d+),(\d+)\}/.exec(source.slice(p)) : null;
    return m && m[1] !== m[2] ? m[0].length : 0;
  };
  /** Length of any quantifier at `p` (bounded ones too). */
  const quantifier = (p: number): number => {
    const u = unbounded(p);
    if (u) return u;
    if (source[p] === '?') return 1;
    if (source[p] === '{') {
      const m = /^\{\d+(,\d+)?\}/.exec(source.slice(p));
      if (m) return m[0].length;
    }
    return 0;
  };
  const markInner = () => {
    for (const g of stack) g.inner = true;
  };
  while (i < n) {
    const c = source[i]!;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < n && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push({ start: i, inner: false });
      i++;
      if (source[i] === '?') {
        // (?: (?= (?! (?<= (?<! (?<name>
        i++;
        if (source[i] === '<' && source[i + 1] !== '=' && source[i + 1] !== '!') {
          while (i < n && source[i] !== '>') i++;
        }
        i++;
      }
      continue;
    } else if (c === ')') {
      const g = stack.pop();
      i++;
      if (!g) continue;
      const u = unbounded(i);
      if (u && g.inner) found.push(`${source.slice(g.start, i + u)}: a group with an unbounded quantifier inside is repeated without bound`);
      if (g.inner) markInner(); // the outer groups hold it too
      const q = quantifier(i);
      if (variable(i)) markInner();
      i += q;
      if (q && source[i] === '?') i++; // lazy
      continue;
    } else {
      i++;
    }
    // A quantifier after an atom.
    const u = variable(i);
    if (u) {
      markInner();
      i += u;
      if (source[i] === '?' || source[i] === '+') i++;
    } else {
      const q = quantifier(i);
      i += q;
      if (q && source[i] === '?') i++;
    }
  }
  return found;
}
