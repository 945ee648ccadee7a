/**
 * What hidden-unicode looks for: characters a person does not see but a model reads.
 *
 * - Tag characters U+E0000-U+E007F: each stands for an ASCII character (U+E0041 is a hidden
 *   `A`), so a run of them is text no editor shows ("ASCII smuggling"). Only an emoji flag's
 *   tag sequence (U+1F3F4, tags, U+E007F CANCEL TAG: the flag of England) is writing.
 * - Bidirectional controls (Trojan Source, CVE-2021-42574): the embeddings, overrides and
 *   isolates U+202A-U+202E and U+2066-U+2069 reorder what is shown; the marks U+200E, U+200F
 *   and U+061C are reported outside right-to-left text only (in Hebrew or Arabic they are
 *   ordinary writing).
 * - Zero-width and other default-ignorable characters (Unicode's Default_Ignorable_Code_Point,
 *   UTS #39 / TR36): U+200B, U+2060-U+2064, U+FEFF (a BOM past the file's start), U+00AD SOFT
 *   HYPHEN, Hangul fillers, and the rest. ZWJ (U+200D) and ZWNJ (U+200C) are writing inside
 *   an emoji sequence (👨‍💻) or between letters of a script that joins (Arabic, Persian, the
 *   Indic scripts), and are reported elsewhere.
 * - Variation selectors: U+FE0E or U+FE0F after a character that has an emoji style (the
 *   U+FE0F of ⚠️), and another selector after a character it has a standardized sequence
 *   with (ideographs, symbols), is writing; a second selector in a row, or one after a letter
 *   it means nothing to, is how bytes are hidden in text (each selector encodes a byte).
 */

export type HiddenClass = 'tag' | 'bidi' | 'invisible' | 'variation';

export interface HiddenRun {
  /** UTF-16 offsets in the text, end exclusive. */
  start: number;
  end: number;
  /** The code points of the run, in order. */
  codePoints: number[];
  cls: HiddenClass;
}

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x17b4: 'KHMER VOWEL INHERENT AQ',
  0x17b5: 'KHMER VOWEL INHERENT AA',
  0x180b: 'MONGOLIAN FREE VARIATION SELECTOR ONE',
  0x180c: 'MONGOLIAN FREE VARIATION SELECTOR TWO',
  0x180d: 'MONGOLIAN FREE VARIATION SELECTOR THREE',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x180f: 'MONGOLIAN FREE VARIATION SELECTOR FOUR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x206a: 'INHIBIT SYMMETRIC SWAPPING',
  0x206b: 'ACTIVATE SYMMETRIC SWAPPING',
  0x206c: 'INHIBIT ARABIC FORM SHAPING',
  0x206d: 'ACTIVATE ARABIC FORM SHAPING',
  0x206e: 'NATIONAL DIGIT SHAPES',
  0x206f: 'NOMINAL DIGIT SHAPES',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
  0x1bca0: 'SHORTHAND FORMAT LETTER OVERLAP',
  0x1bca1: 'SHORTHAND FORMAT CONTINUING OVERLAP',
  0x1bca2: 'SHORTHAND FORMAT DOWN STEP',
  0x1bca3: 'SHORTHAND FORMAT UP STEP',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE`. */
export function codePointName(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[cp] ?? unnamed(cp);
  return name ? `${hex} ${name}` : hex;
}

function unnamed(cp: number): string | null {
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  if (cp === 0xe0020) return 'TAG SPACE';
  if (cp > 0xe0020 && cp < 0xe007f) {
    const c = String.fromCharCode(cp - 0xe0000);
    if (/[A-Z]/.test(c)) return `TAG LATIN CAPITAL LETTER ${c}`;
    if (/[a-z]/.test(c)) return `TAG LATIN SMALL LETTER ${c.toUpperCase()}`;
    if (/[0-9]/.test(c)) return `TAG DIGIT ${['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'][Number(c)]}`;
    return `TAG ${JSON.stringify(c)}`;
  }
  if (cp >= 0x1d173 && cp <= 0x1d17a) return 'MUSICAL SYMBOL FORMAT CHARACTER';
  return null;
}

/** The ASCII text a run of tag characters spells (what the model reads). */
export function decodeTags(codePoints: readonly number[]): string {
  let s = '';
  for (const cp of codePoints) if (cp >= 0xe0020 && cp <= 0xe007e) s += String.fromCharCode(cp - 0xe0000);
  return s;
}

/** Candidates: default-ignorable code points, and the interlinear annotation characters. */
const CANDIDATE = /[\p{Default_Ignorable_Code_Point}\uFFF9-\uFFFB]/u;
const CANDIDATES = /[\p{Default_Ignorable_Code_Point}\uFFF9-\uFFFB]/gu;
const BEYOND_ASCII = /[^\x00-\x7f]/;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;
/** Scripts where ZWJ and ZWNJ are part of the spelling. */
const JOINING = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}\p{Script=Thaana}]/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const EMOJI_CAPABLE = /\p{Emoji}/u;
const STANDARDIZED_BASE = /[\p{Script=Han}\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Egyptian_Hieroglyphs}\p{Sm}\p{So}]/u;
const HANGUL_JAMO = /[\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/;

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180d) || cp === 0x180f;
}

function classOf(cp: number): HiddenClass {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi';
  if (isVariationSelector(cp)) return 'variation';
  return 'invisible';
}

/** The code point ending just before `i`, and where it starts. */
function before(text: string, i: number): { cp: number; at: number } | null {
  if (i <= 0) return null;
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) {
    const hi = text.charCodeAt(i - 2);
    if (hi >= 0xd800 && hi <= 0xdbff) return { cp: text.codePointAt(i - 2)!, at: i - 2 };
  }
  return { cp: lo, at: i - 1 };
}

function charAt(text: string, i: number): string {
  const cp = text.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** Whether the line around an offset holds right-to-left letters; each line is read once, in order. */
class RtlLines {
  #start = -1;
  #end = -1;
  #rtl = false;
  constructor(readonly text: string) {}
  at(i: number): boolean {
    if (i < this.#start || i >= this.#end) {
      this.#start = this.text.lastIndexOf('\n', i - 1) + 1;
      const e = this.text.indexOf('\n', i);
      this.#end = e === -1 ? this.text.length : e;
      this.#rtl = RTL.test(this.text.slice(this.#start, this.#end));
    }
    return this.#rtl;
  }
}

interface Found {
  start: number;
  end: number;
  cp: number;
}

/**
 * Whether a hidden character at `f` is writing, not hiding: ZWJ/ZWNJ in an emoji sequence or a
 * joining script, one variation selector after a character it modifies, a bidi mark in
 * right-to-left text, a Hangul filler among jamo, a Mongolian selector after a Mongolian letter,
 * the tags of an emoji flag.
 */
function isWriting(text: string, f: Found, prevHidden: boolean, rtl: RtlLines): boolean {
  const prev = before(text, f.start);
  const prevChar = prev ? String.fromCodePoint(prev.cp) : '';
  const next = charAt(text, f.end);
  const cp = f.cp;
  if (cp === 0x200d || cp === 0x200c) {
    // Emoji: 👨‍💻 (the ZWJ may follow a variation selector or a skin tone: 🏳️‍🌈).
    let p = prev;
    for (let k = 0; k < 4 && p && (isVariationSelector(p.cp) || (p.cp >= 0x1f3fb && p.cp <= 0x1f3ff)); k++) p = before(text, p.at);
    if (cp === 0x200d && p && EMOJI.test(String.fromCodePoint(p.cp)) && EMOJI.test(next)) return true;
    if (JOINING.test(prevChar) || JOINING.test(next)) return true;
    return false;
  }
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) return rtl.at(f.start);
  if (cp === 0x115f || cp === 0x1160) return HANGUL_JAMO.test(prevChar) || HANGUL_JAMO.test(next);
  if (cp >= 0x180b && cp <= 0x180f && cp !== 0x180e) return /\p{Script=Mongolian}/u.test(prevChar);
  if (isVariationSelector(cp)) {
    // One selector after a visible character; a second one in a row is not.
    if (prevHidden || !prev || /\s/.test(prevChar) || CANDIDATE.test(prevChar)) return false;
    if (next && isVariationSelector(next.codePointAt(0)!)) return false;
    if (cp >= 0xe0100) return /\p{Script=Han}/u.test(prevChar);
    // U+FE0E and U+FE0F pick text or emoji style for a character that has both (⚠️, ✔︎, 1️⃣).
    if (cp === 0xfe0e || cp === 0xfe0f) return EMOJI_CAPABLE.test(prevChar);
    // The others have standardized sequences with ideographs, some symbols and a few scripts
    // only; after a Latin letter they mean nothing and can carry a byte each.
    return STANDARDIZED_BASE.test(prevChar);
  }
  return false;
}

/** The runs of hidden characters in a text, each with what removing it leaves. */
export function findHidden(text: string): HiddenRun[] {
  const found: Found[] = [];
  // Every candidate is beyond ASCII: a text of ASCII alone (most specs) takes one quick scan.
  if (!BEYOND_ASCII.test(text)) return [];
  CANDIDATES.lastIndex = 0;
  for (let m = CANDIDATES.exec(text); m; m = CANDIDATES.exec(text)) {
    found.push({ start: m.index, end: m.index + m[0].length, cp: m[0].codePointAt(0)! });
  }
  if (found.length === 0) return [];
  // Emoji flags: U+1F3F4, tag letters or digits, CANCEL TAG (the flag of England).
  const flagTags = new Set<number>();
  const tagAlnum = (cp: number) => (cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a);
  for (let i = 0; i < found.length; i++) {
    const b = before(text, found[i]!.start);
    if (!tagAlnum(found[i]!.cp) || !b || b.cp !== 0x1f3f4) continue;
    let j = i;
    let end = found[i]!.start;
    while (j < found.length && j - i < 7 && found[j]!.start === end && tagAlnum(found[j]!.cp)) end = found[j++]!.end;
    // A subdivision code is 2 to 6 letters and digits (gbeng, gbsct): a longer run is text, flag or not.
    if (j - i >= 2 && j - i <= 6 && j < found.length && found[j]!.start === end && found[j]!.cp === 0xe007f) for (let k = i; k <= j; k++) flagTags.add(k);
  }
  const rtl = new RtlLines(text);
  const runs: HiddenRun[] = [];
  let cur: HiddenRun | null = null;
  let prevHidden = false;
  let prevEnd = -1;
  for (let i = 0; i < found.length; i++) {
    const f = found[i]!;
    const adjacent = f.start === prevEnd;
    const writing: boolean = flagTags.has(i) || isWriting(text, f, adjacent && prevHidden, rtl);
    prevEnd = f.end;
    prevHidden = !writing;
    if (writing) {
      cur = null;
      continue;
    }
    if (cur && adjacent) {
      cur.end = f.end;
      cur.codePoints.push(f.cp);
      continue;
    }
    // A variation selector after a visible character, followed by more: the first may be the emoji's own.
    cur = { start: f.start, end: f.end, codePoints: [f.cp], cls: classOf(f.cp) };
    runs.push(cur);
  }
  for (const r of runs) {
    const classes = new Set(r.codePoints.map(classOf));
    r.cls = classes.has('tag') ? 'tag' : classes.has('bidi') ? 'bidi' : classes.size === 1 && classes.has('variation') ? 'variation' : 'invisible';
    // After an emoji, the first selector (U+FE0F, U+FE0E) is the emoji's own: the run is what follows it.
    if (r.cls === 'variation' && r.codePoints.length > 1 && (r.codePoints[0] === 0xfe0f || r.codePoints[0] === 0xfe0e)) {
      const prev = before(text, r.start);
      if (prev && EMOJI.test(String.fromCodePoint(prev.cp))) {
        r.codePoints.shift();
        r.start += 1;
      }
    }
  }
  return runs;
}
