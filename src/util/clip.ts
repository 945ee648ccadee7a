/** The longest message a person reads at a glance: one terminal row. */
export const MAX_MESSAGE = 100;

/**
 * A piece of input quoted in a short message: at most `max` characters, cut with "...". The cut
 * never falls between the two halves of a surrogate pair (an emoji is kept whole or left out).
 */
export function clip(text: string, max = 40): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 3);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end)}...`;
}

/**
 * A value shown as a JSON string (`"..."`, with its escapes) in a short message: at most `max`
 * characters, quotes and escapes counted. A long value is cut between characters, never inside
 * an escape (`\"`, `\n`, `\u0001`) or a surrogate pair, and ends with `..."`.
 */
export function quoted(text: string, max = 42): string {
  const whole = JSON.stringify(text);
  if (whole.length <= max) return whole;
  // Room for the text between `"` and `..."`.
  const room = Math.max(0, max - 5);
  let out = '';
  for (const ch of text) {
    const piece = JSON.stringify(ch).slice(1, -1);
    if (out.length + piece.length > room) break;
    out += piece;
  }
  return `"${out}..."`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
