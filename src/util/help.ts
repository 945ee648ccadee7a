/** A clause as a sentence of a help: capitalised, with a full stop unless it ends in one (or in a closing parenthesis). */
export function asSentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.?!)]$/.test(text) ? '' : '.');
}

/** `1 file`, `2 files`: a count and its noun, plural by adding `s`. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

