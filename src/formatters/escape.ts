/**
 * Text from files and their names, made safe to print for a human: control characters (C0 but
 * the tab, DEL, C1 with ESC and CSI among them) and the bidirectional overrides that reorder what
 * a terminal shows are written as visible escapes (`\x1b`, `\n`, `\u202e`). A file named with a
 * newline cannot start a new log line (a GitHub workflow command), and an escape sequence cannot
 * clear the screen or hide text.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function visible(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export function escapeControl(s: string): string {
  return s.replace(UNSAFE, visible);
}
