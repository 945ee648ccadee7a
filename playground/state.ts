/**
 * The playground's whole state in the URL hash, so that a link reproduces it:
 * `path=<spec path>&code=<base64url of its UTF-8 text>` for each file, then `standard=<profile>`,
 * then `rules=<id>:<off|warn|error>,...` for the rules set apart from their defaults.
 */

export type Severity = 'off' | 'warn' | 'error';

export interface PlaygroundState {
  files: Array<{ path: string; text: string }>;
  standard: string;
  rules: Record<string, Severity>;
}

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(code: string): string {
  const b64 = code.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

const SEVERITIES: readonly string[] = ['off', 'warn', 'error'];

export function encodeState(s: PlaygroundState): string {
  const parts: string[] = [];
  for (const f of s.files) parts.push(`path=${encodeURIComponent(f.path)}`, `code=${toBase64Url(f.text)}`);
  parts.push(`standard=${encodeURIComponent(s.standard)}`);
  const rules = Object.entries(s.rules).map(([id, sev]) => `${id}:${sev}`);
  if (rules.length) parts.push(`rules=${encodeURIComponent(rules.join(','))}`);
  return parts.join('&');
}

/** The state a hash holds, or null when it holds no file. Bad pieces are left out, not fatal. */
export function decodeState(hash: string): PlaygroundState | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const files: PlaygroundState['files'] = [];
  let path: string | null = null;
  let standard = 'auto';
  const rules: PlaygroundState['rules'] = {};
  for (const [key, value] of params) {
    if (key === 'path') path = value;
    else if (key === 'code' && path !== null) {
      try {
        files.push({ path, text: fromBase64Url(value) });
      } catch {
        files.push({ path, text: '' });
      }
      path = null;
    } else if (key === 'standard') standard = value;
    else if (key === 'rules') {
      for (const item of value.split(',')) {
        const [id, sev] = item.split(':');
        if (id && sev && SEVERITIES.includes(sev)) rules[id] = sev as Severity;
      }
    }
  }
  return files.length ? { files, standard, rules } : null;
}
