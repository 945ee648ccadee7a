/**
 * What secret-in-spec looks for: credentials in known formats (a prefix a provider gives its keys,
 * then a random body), bearer tokens, private key blocks, JWTs, and random values given to a name
 * that says it holds a credential (`api_key`, `DB_PASSWORD`, `"Authorization"`).
 *
 * A random value is told from a word, an id or a placeholder by its length, its characters
 * (letters and digits mixed), its Shannon entropy, and words that only placeholders hold
 * (`example`, `your`, `xxxx`, `changeme` ...); UUIDs and the delegation standard's session ids
 * (`sess_1234567890_abc123`) are ids, never secrets.
 */

export type SecretKind =
  | 'aws'
  | 'github'
  | 'anthropic'
  | 'openai'
  | 'slack'
  | 'slack-webhook'
  | 'google'
  | 'stripe'
  | 'private-key'
  | 'jwt'
  | 'bearer'
  | 'assigned';

/** The environment variable the help suggests keeping each kind of secret in. */
export const SECRET_ENV: Record<SecretKind, string> = {
  aws: 'AWS_ACCESS_KEY_ID',
  github: 'GITHUB_TOKEN',
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  slack: 'SLACK_TOKEN',
  'slack-webhook': 'SLACK_WEBHOOK_URL',
  google: 'GOOGLE_API_KEY',
  stripe: 'STRIPE_SECRET_KEY',
  'private-key': 'PRIVATE_KEY_FILE',
  jwt: 'API_TOKEN',
  bearer: 'API_TOKEN',
  assigned: 'API_KEY',
};

export interface SecretHit {
  kind: SecretKind;
  /** Offset in the scanned text, and length, of what is reported. */
  index: number;
  length: number;
  /** The secret itself (masked before it is shown). */
  value: string;
  /** For `assigned`: the name the value is given to. */
  name?: string;
}

/** The secret as a message shows it: its first four characters, then `…`. */
export function mask(value: string): string {
  return `${value.slice(0, 4)}…`;
}

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (!s) return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  const n = s.length;
  for (const k of counts.values()) {
    const p = k / n;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Words that only placeholders and made-up examples hold (a random body holds one by chance about once in 10^4). */
const PLACEHOLDER_WORDS = /example|sample|dummy|placeholder|changeme|change[-_]?me|replace|your|xxxx|redacted|fake|mock|insert|here|test|demo|todo|secret|passw|token|apikey|api[-_]key|1234|2345|abcd|bcde|0000|\.\.\.|…/i;
/** Keys that providers' own documentation prints as examples (GitHub's OAuth guide). */
const DOCS_EXAMPLES = new Set(['gho_16C7e42F292c6912E7710c838347Ae178B4a']);
/** A character four times in a row (`aaaa`, `0000`, `****`). */
const REPEATED = /(.)\1{3}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The delegation standard's session id: sess_<unix time>_<random>. An id, not a secret. */
const SESSION_ID = /^sess_\d{6,}_[A-Za-z0-9]{3,}$/;

/** Whether a value reads as a placeholder or a made-up example rather than a real secret. */
export function isPlaceholder(value: string): boolean {
  return DOCS_EXAMPLES.has(value) || PLACEHOLDER_WORDS.test(value) || PLACEHOLDER_WORDS.test(unLeet(value)) || REPEATED.test(value) || sequential(value) > 0.3;
}

/** Leetspeak read back (`P@ssw0rd` -> `password`, `S3cr3t` -> `secret`): a made-up password spells a word. */
function unLeet(value: string): string {
  return value.replace(/[@4310$57]/g, (c) => ({ '@': 'a', '4': 'a', '3': 'e', '1': 'i', '0': 'o', $: 's', '5': 's', '7': 't' })[c]!);
}

/** The share of characters in runs of three or more like `abc`, `123`, `987` (a random value has almost none). */
function sequential(s: string): number {
  if (s.length < 3) return 0;
  const inRun = new Uint8Array(s.length);
  for (let i = 2; i < s.length; i++) {
    const a = s.charCodeAt(i - 2);
    const b = s.charCodeAt(i - 1);
    const c = s.charCodeAt(i);
    if ((b - a === 1 && c - b === 1) || (a - b === 1 && b - c === 1)) inRun[i - 2] = inRun[i - 1] = inRun[i] = 1;
  }
  let n = 0;
  for (const x of inRun) n += x;
  return n / s.length;
}

/** Two or more plain words joined by `-`, `_`, `.` or `/` making most of the value (`local_dev_password`, `Desktop/Title/H1`). */
function wordy(s: string): boolean {
  const parts = s.split(/[-_./]/);
  let words = 0;
  let letters = 0;
  for (const p of parts) {
    if (/^[A-Za-z]{3,}$/.test(p)) {
      words++;
      letters += p.length;
    }
  }
  return words >= 2 && letters >= s.length / 2;
}

/**
 * Whether a value looks like a random credential: long enough, letters and digits mixed, high
 * entropy, no placeholder word, not a path, a URL, a dotted name, a UUID or a session id.
 */
export function looksRandom(value: string, min = 16): boolean {
  if (value.length < min || value.length > 1024) return false;
  if (/[\s$<>{}()[\]*`'"\\,;]/.test(value)) return false;
  if (UUID.test(value) || SESSION_ID.test(value)) return false;
  // A dotted name: process.env.API_KEY, settings.SECRET_KEY.
  if (value.includes('.') && !value.includes('..') && /^[A-Za-z_][\w.]*[A-Za-z0-9_]$/.test(value) && value.split('.').every((p) => /^[A-Za-z_]/.test(p))) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[~.]?\.?\//.test(value)) return false;
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  const hex = /^[0-9a-f]+$/i.test(value);
  if (hex && value.length < 32) return false;
  if (entropy(value) < (hex ? 3 : 3.5)) return false;
  if (isPlaceholder(value) || wordy(value) || encodedText(value)) return false;
  return true;
}

/**
 * A base64 value that decodes to readable text holding a placeholder word
 * (`bm90IG15IHJlYWwgcGFzc3dvcmQ=` is "not my real password"): an example, encoded.
 */
function encodedText(value: string): boolean {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = decodeBase64(value);
  if (decoded === null) return false;
  let printable = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c >= 32 && c < 127) printable++;
  }
  return printable >= decoded.length * 0.9 && (isPlaceholder(decoded) || /\bnot\b.*\breal\b/i.test(decoded));
}

/** Whether a random-looking body (after a provider's prefix) is real enough to report. */
function randomBody(body: string, min: number): boolean {
  if (body.length < min) return false;
  if (isPlaceholder(body)) return false;
  return entropy(body) >= 3;
}

/** The segments of a name: `OPENAI_API_KEY`, `apiKey`, `x-api-key` -> [openai, api, key]. */
function segments(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((s) => s.toLowerCase());
}

/** What stands before `key` in a credential's name (`api_key`, `SECRET_KEY`, `accessKey`). */
const KEY_OWNERS = new Set(['api', 'access', 'secret', 'private', 'auth', 'client', 'signing', 'encryption', 'master', 'service', 'app', 'license', 'account', 'admin', 'subscription', 'webhook', 'consumer', 'session', 'server', 'write', 'deploy', 'openai', 'anthropic']);
/** Tokens that are no credentials: counters, paging, model vocabulary. */
const NOT_CREDENTIAL_TOKENS = new Set(['max', 'min', 'num', 'count', 'page', 'next', 'continuation', 'cancellation', 'cancel', 'pagination', 'sync', 'input', 'output', 'eos', 'bos', 'pad', 'unk', 'sep', 'cls', 'mask', 'special', 'stop', 'start', 'end', 'csrf', 'xsrf', 'design', 'color', 'theme']);

/**
 * Whether a name says it holds a credential: it ends in `password`, `secret`, `token`,
 * `credentials`, or `key` after a word like `api`, `access`, `secret`, `private`
 * (`api_key`, `GITHUB_TOKEN`, `clientSecret`, `X-API-Key`, `Authorization`).
 */
export function isSecretName(name: string): boolean {
  const segs = segments(name);
  const last = segs[segs.length - 1];
  if (!last) return false;
  const prev = segs[segs.length - 2];
  if (last === 'authorization' || last === 'apikey' || last === 'passwd' || last === 'pwd' || last === 'password' || last === 'passphrase') return true;
  if (last === 'secret' || last === 'credential' || last === 'credentials') return true;
  if (last === 'token') return prev === undefined || !NOT_CREDENTIAL_TOKENS.has(prev);
  if (last === 'key') return prev !== undefined && KEY_OWNERS.has(prev);
  return false;
}

/** A credential given by its scheme (`Bearer abc`, `token abc`, `Basic abc`): the credential alone. */
export function withoutScheme(value: string): { offset: number; value: string } {
  const m = /^(?:Bearer|Basic|token|Token|Bot)\s+/.exec(value);
  return m ? { offset: m[0].length, value: value.slice(m[0].length) } : { offset: 0, value };
}

interface Format {
  kind: SecretKind;
  /** Sticky: tried where an anchor (below) is found. */
  re: RegExp;
  /** Whether a match is a real secret (not a placeholder); `m` is the match. */
  real(m: RegExpExecArray, text: string): boolean;
}

const FORMATS: readonly Format[] = [
  { kind: 'aws', re: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/y, real: (m) => randomBody(m[0].slice(4), 16) && new Set(m[0].slice(4)).size >= 8 },
  { kind: 'github', re: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{50,255})(?![A-Za-z0-9_])/y, real: (m) => randomBody(m[0].replace(/^(?:gh[pousr]_|github_pat_)/, ''), 30) && /\d/.test(m[0]) },
  { kind: 'anthropic', re: /(?<![A-Za-z0-9_-])sk-ant-(?:[a-z]+\d*-)?[A-Za-z0-9_-]{32,}/y, real: (m) => randomBody(m[0].replace(/^sk-ant-(?:[a-z]+\d*-)?/, ''), 32) },
  {
    kind: 'openai',
    re: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{32,}/y,
    real: (m) => {
      const body = m[0].replace(/^sk-(?:proj-|svcacct-|admin-|None-)?/, '');
      return randomBody(body, 32) && /\d/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body) && !wordy(body);
    },
  },
  { kind: 'slack', re: /(?<![A-Za-z0-9])xox[abposr]-\d{6,}-[A-Za-z0-9-]{8,}/y, real: (m) => randomBody(m[0].slice(5), 16) },
  { kind: 'slack-webhook', re: /hooks\.slack\.com\/(?:services|workflows)\/T[A-Z0-9]{6,}\/[AB][A-Z0-9]{6,}\/[A-Za-z0-9]{16,}/y, real: (m) => randomBody(m[0].slice(m[0].lastIndexOf('/') + 1), 16) },
  { kind: 'google', re: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/y, real: (m) => randomBody(m[0].slice(4), 35) },
  { kind: 'stripe', re: /(?<![A-Za-z0-9_])[sr]k_live_[A-Za-z0-9]{20,}/y, real: (m) => randomBody(m[0].slice(8), 20) },
  { kind: 'jwt', re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/y, real: (m) => realJwt(m[0]) },
  { kind: 'private-key', re: /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----/y, real: (m, text) => keyBody(text, m.index + m[0].length) },
];

/** Where a format, a bearer token or a credential flag can start. */
const ANCHOR = /AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|sk-|xox[abposr]-|hooks\.slack\.com\/|AIza|[sr]k_live_|eyJ|-----BEGIN |Bearer|bearer|BEARER|--[A-Za-z]/g;
const byKind = (k: SecretKind) => FORMATS.find((f) => f.kind === k)!;
const ANCHORED: Array<[RegExp, Format[]]> = [
  [/^A[KSBC][IC]A$/, [byKind('aws')]],
  [/^g/, [byKind('github')]],
  [/^sk-$/, [byKind('anthropic'), byKind('openai')]],
  [/^xox/, [byKind('slack')]],
  [/^hooks/, [byKind('slack-webhook')]],
  [/^AIza$/, [byKind('google')]],
  [/_live_$/, [byKind('stripe')]],
  [/^eyJ$/, [byKind('jwt')]],
  [/^-----BEGIN $/, [byKind('private-key')]],
];

function formatsFor(anchor: string): Format[] {
  for (const [re, formats] of ANCHORED) if (re.test(anchor)) return formats;
  return [];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 (or base64url) decoded to a string of bytes (one character per byte), or null when it
 * is not base64. Written out rather than `atob`, which the browser bundle's sandbox lacks.
 */
export function decodeBase64(s: string): string | null {
  const t = s.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (t.length % 4 === 1) return null;
  let out = '';
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < t.length; i++) {
    const v = B64.indexOf(t[i]!);
    if (v === -1) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

/**
 * A JWT whose header and payload decode to JSON, and which is not a documentation example
 * (jwt.io's `John Doe`, a `sub` of 1234567890, placeholder words) nor a public Supabase
 * `anon` key, which is meant to be shipped to browsers.
 */
function realJwt(token: string): boolean {
  const [head, payload] = token.split('.');
  const h = decodeBase64(head!);
  const p = decodeBase64(payload!);
  if (!h || !p || !h.startsWith('{') || !p.startsWith('{')) return false;
  if (/John Doe|"sub"\s*:\s*"1234567890"|example|test|dummy|sample|"role"\s*:\s*"anon"/i.test(p)) return false;
  return true;
}

/** After a `-----BEGIN ... PRIVATE KEY-----` line: at least 64 characters of base64 lines before the END line, none elided. */
function keyBody(text: string, from: number): boolean {
  // A key is a few kilobytes: its END line is looked for that far only.
  const window = text.slice(from, from + 8000);
  const end = window.indexOf('-----END');
  const body = end === -1 ? window : window.slice(0, end);
  if (/\.\.\.|…|<|xxxx|your|example|redacted/i.test(body)) return false;
  let b64 = 0;
  // A key in a string literal writes its line breaks as \n.
  for (const line of body.split(/\\n|\r?\n/)) {
    const t = line.replace(/^[\s"'+]+|[\s"',+]+$/g, '');
    if (/^[A-Za-z0-9+/=]{16,}$/.test(t)) b64 += t.length;
  }
  return b64 >= 64;
}

/** `Bearer <token>`: the token when it is random (a `$VAR`, `<token>` or placeholder is not). */
const BEARER = /(?<![A-Za-z0-9_])Bearer\s+([A-Za-z0-9._~+/=-]{20,})/iy;

/**
 * An assignment (`=`, `:`, `=>`, `:=`) of a value long enough to be a key, with its opening quote
 * and an optional scheme. Rarer in prose than the credential words, so the scan looks for it and
 * then asks whether a credential name ends right before it.
 */
const ASSIGNED = /(?:=>|:=|=|:)[ \t]*(["'`]?)((?:Bearer|Basic|token)[ \t]+)?([A-Za-z0-9+/=_.~@!%^#-]{16,1024})/g;
/** A credential word at the end of the text before an assignment (`API_KEY`, `"api_key"`, `apiKey`), then a closing quote and blanks. */
const NAME_END = /(key|token|secret|passw(?:or)?d|pwd|passphrase|credentials?|authorization)["']?[ \t]*$/i;
/** How far before an assignment its name may start: the longest name read, a quote and blanks. */
const NAME_ROOM = 96;
/** A command-line flag that takes a credential: `--api-key VALUE`, `--token=VALUE`. */
const FLAG = /--(?:api[-_]?key|token|auth[-_]token|access[-_]token|secret|password|client[-_]secret)(?:=|[ \t]+)(["']?)([A-Za-z0-9+/=_.~@!%^#-]{16,1024})/iy;

/** The identifier that ends at `end` (letters, digits, `_`, `-`, `.`), at most 80 characters back. */
function nameBefore(text: string, end: number): { start: number; name: string } {
  let i = end;
  while (i > 0 && end - i < 80 && /[A-Za-z0-9_.-]/.test(text[i - 1]!)) i--;
  return { start: i, name: text.slice(i, end) };
}

/** A value read up to a closing quote must end at it: `"abc` followed by more text is not a whole value. */
function wholeValue(text: string, valueEnd: number, quote: string): boolean {
  const next = text[valueEnd];
  if (quote) return next === quote;
  return next === undefined || /[\s,;)\]}"'`]/.test(next);
}

const ILLUSTRATIVE = /\b(?:your|yours|example|examples|e\.g\.|for instance|sample|placeholder|replace (?:it|this|them|with)|dummy|fake|made[- ]up)\b/i;

/** Whether the line of `at`, or one of the two lines before it, says that what follows is an example. */
function illustrative(text: string, at: number): boolean {
  let start = at;
  for (let n = 0; n < 3 && start > 0; n++) {
    const nl = text.lastIndexOf('\n', start - 1);
    start = nl === -1 ? 0 : nl;
  }
  const endNl = text.indexOf('\n', at);
  const around = text.slice(Math.max(start, at - 600), endNl === -1 ? Math.min(text.length, at + 300) : Math.min(endNl, at + 300));
  return ILLUSTRATIVE.test(around);
}

/**
 * The secrets in a text: known formats, bearer tokens, random values given to credential names
 * and to credential flags. Sorted by offset; overlapping finds are reported once (the first,
 * known formats first).
 */
export function findSecrets(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  // One pass finds where a format can start; each format's own expression is tried there.
  ANCHOR.lastIndex = 0;
  for (let a = ANCHOR.exec(text); a; a = ANCHOR.exec(text)) {
    const at = a.index;
    const c = a[0];
    let end = at + 1;
    if (c.length === 3 && c.startsWith('--')) {
      FLAG.lastIndex = at;
      const m = FLAG.exec(text);
      if (m) {
        const value = m[2]!;
        const v = at + m[0].length - value.length;
        if (wholeValue(text, v + value.length, m[1]!) && looksRandom(value)) hits.push({ kind: 'assigned', index: v, length: value.length, value, name: m[0].slice(2, m[0].search(/[= \t]/)) });
      }
    } else if (/^bearer$/i.test(c)) {
      BEARER.lastIndex = at;
      const m = BEARER.exec(text);
      if (m) {
        const token = m[1]!.replace(/[.]+$/, '');
        if (looksRandom(token, 20)) hits.push({ kind: 'bearer', index: at + m[0].length - m[1]!.length, length: token.length, value: token });
      }
    } else {
      for (const f of formatsFor(c)) {
        f.re.lastIndex = at;
        const m = f.re.exec(text);
        if (m && !DOCS_EXAMPLES.has(m[0]) && f.real(m, text)) {
          hits.push({ kind: f.kind, index: at, length: m[0].length, value: m[0] });
          end = Math.max(end, at + m[0].length);
          break;
        }
      }
    }
    ANCHOR.lastIndex = end;
  }
  ASSIGNED.lastIndex = 0;
  for (let a = ASSIGNED.exec(text); a; a = ASSIGNED.exec(text)) {
    const before = text.slice(Math.max(0, a.index - NAME_ROOM), a.index);
    const n = NAME_END.exec(before);
    if (!n) continue;
    const { name } = nameBefore(text, a.index - before.length + n.index + n[1]!.length);
    if (!isSecretName(name)) continue;
    const value = a[3]!;
    const at = a.index + a[0].length - value.length;
    if (!wholeValue(text, at + value.length, a[1]!)) continue;
    if (looksRandom(value)) hits.push({ kind: 'assigned', index: at, length: value.length, value, name });
  }
  // A value found by its shape alone, in a line that says it is an example ("use your token",
  // "e.g."), or under one, is the example: only a provider's format is sure enough to report there.
  for (let i = hits.length - 1; i >= 0; i--) {
    const h = hits[i]!;
    if ((h.kind === 'assigned' || h.kind === 'bearer') && illustrative(text, h.index)) hits.splice(i, 1);
  }
  hits.sort((a, b) => a.index - b.index);
  const out: SecretHit[] = [];
  let reach = -1;
  for (const h of hits) {
    if (h.index < reach) continue;
    out.push(h);
    reach = h.index + h.length;
  }
  return out;
}
