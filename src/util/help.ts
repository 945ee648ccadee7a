/** A clause as a sentence of a help: capitalised, with a full stop unless it ends in one (or in a closing parenthesis). */
export function asSentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.?!)]$/.test(text) ? '' : '.');
}

/** `1 file`, `2 files`: a count and its noun, plural by adding `s`. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Splits a long message written as "what is wrong; what to do" into the short message and its
 * help, for checks whose wording is shared with other surfaces (check-return prints the whole
 * text). The split is at the first `; `, else `, expected `, else the first `: ` outside
 * backticks, else a trailing parenthetical; the part after it, as a sentence, is the help.
 */
export function splitHelp(text: string): { message: string; help?: string } {
  let i = text.indexOf('; ');
  let rest = i >= 0 ? text.slice(i + 2) : '';
  if (i < 0) {
    i = text.indexOf(', expected ');
    if (i >= 0) rest = text.slice(i + 2);
  }
  if (i < 0) {
    const colon = colonOutsideCode(text);
    if (colon >= 0) {
      i = colon;
      rest = text.slice(i + 2);
    }
  }
  if (i < 0) {
    const paren = / \(([^()]*)\)$/.exec(text);
    if (!paren) return { message: text };
    i = paren.index;
    rest = paren[1]!;
  }
  return { message: text.slice(0, i), help: asSentence(rest) };
}

/** The offset of the first `: ` that is not inside a `code` span, or -1. */
function colonOutsideCode(text: string): number {
  let inCode = false;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '`') inCode = !inCode;
    else if (!inCode && c === ':' && text[i + 1] === ' ') return i;
  }
  return -1;
}
