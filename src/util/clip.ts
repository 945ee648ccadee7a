/** A piece of input quoted in a short message: at most `max` characters, cut with "...". */
export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
