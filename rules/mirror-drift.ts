import { defineRule, type RuleContext } from '../src/engine/rule.js';
import { sameHelp, sameMessage } from '../src/rules-support/messages.js';
import type { ProjectView } from '../src/model/project.js';
import { EXTRA_BUILTIN_AGENTS, OPENCODE_BUILTIN_AGENTS } from '../src/graph/build.js';
import { BUILTIN_AGENT_TYPES } from '../src/standard/frontmatter-fields.js';
import { referencesOf } from '../src/graph/references.js';
import { specInCallerTree } from '../src/model/agent-system.js';
import type { DocumentModel } from '../src/model/document.js';
import type { FrontmatterField } from '../src/model/frontmatter.js';
import { CAPABILITIES, CAPABILITY_TEXT, capabilitiesOf, modelFamily, type Capability } from '../src/rules-support/mirror/capabilities.js';
import { commandDrift } from '../src/rules-support/mirror/instructions.js';
import { MIRROR_KINDS, MirrorIndex, PLACE_PATHS, TOOL_LABEL, placeOf, type MirrorPlace } from '../src/rules-support/mirror/places.js';
import { quoted } from '../src/util/clip.js';
import type { LintMessage, Range } from '../src/types.js';

type Ctx = RuleContext;

/** What the copies can do: both something the other cannot, this one only, the other only. */
const CAN = {
  tools: 'only this copy can {{here}}, only {{other}} can {{there}}',
  'tools-here': 'this copy can {{here}}, {{other}} cannot',
  'tools-there': '{{other}} can {{there}}, this copy cannot',
};
const SAME_CAPABILITIES = 'Each tool names its tools differently (Bash, bash, execute); the copies should grant the same capabilities.';
const SAME_KEYS = 'The caller reads the same return whichever tool ran the {{category}}: the copies should promise the same keys.';
const SAME_AGENTS = 'Copies kept for several tools should hand work to the same agents.';
interface Copy {
  doc: DocumentModel;
  place: MirrorPlace;
}

/** "the OpenCode copy" */
function copyName(c: Copy): string {
  return `the ${TOOL_LABEL[c.place.tool]} copy`;
}

/** The other copy and a line of it, for the help. */
function copyAt(c: Copy, range?: Range): string {
  return range ? `${c.doc.relPath}:${c.doc.lines.position(range.start).line}` : c.doc.relPath;
}

function related(c: Copy, range: Range | undefined, message: string): NonNullable<LintMessage['related']> {
  const r = range ?? { start: 0, end: 0 };
  return [{ filePath: c.doc.filePath, message, ...c.doc.lines.location(r) }];
}

/** Where a finding about something the linted copy does not say goes: its frontmatter's opening line, else its start. */
function topOf(doc: DocumentModel): Range {
  return doc.frontmatter?.openRange ?? { start: 0, end: 0 };
}

function field(doc: DocumentModel, key: string): FrontmatterField | undefined {
  return doc.frontmatter?.fields.find((f) => f.key === key);
}

/** A copy's description and where it is written (frontmatter, or a Gemini command's TOML). */
function descriptionOf(doc: DocumentModel): { text: string; range: Range } | null {
  if (doc.format === 'toml') {
    const t = doc.tomlFile;
    const v = t?.ok ? t.root['description'] : undefined;
    if (typeof v !== 'string') return null;
    const m = /^[ \t]*description[ \t]*=[ \t]*/m.exec(doc.text);
    if (!m) return null;
    const start = m.index + m[0].length;
    const eol = doc.text.indexOf('\n', start);
    return { text: v, range: { start, end: (eol === -1 ? doc.text.length : eol) - (doc.text[eol - 1] === '\r' ? 1 : 0) } };
  }
  const f = field(doc, 'description');
  return f && typeof f.value === 'string' ? { text: f.value, range: f.valueRange } : null;
}

/**
 * The tools' own names, which each copy writes for its tool (".claude/ architecture" in one,
 * ".opencode architecture" in the other): they differ as the tools require.
 */
const TOOL_WORDS = /(?<![\w.])(?:\.claude|\.opencode|\.github|\.gemini|\.codex)\b\/?|\b(?:claude code|claude|opencode|open code|github copilot|copilot|gemini cli|gemini|codex)\b|\b(?:CLAUDE|AGENTS|GEMINI)\.md\b|\bcopilot-instructions\.md\b/gi;

/** The description as the copies are compared: case, spacing, quotes, a final period and the tools' names aside. */
function sameDescription(a: string, b: string): boolean {
  const norm = (s: string) => {
    let t = s.replace(TOOL_WORDS, '<tool>').replace(/\s+/g, ' ').trim().toLowerCase();
    if (t.length > 1 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) t = t.slice(1, -1).trim();
    while (t.endsWith('.')) t = t.slice(0, -1).trimEnd();
    return t;
  };
  return norm(a) === norm(b);
}

function checkDescription(ctx: Ctx, here: Copy, there: Copy): void {
  const a = descriptionOf(here.doc);
  const b = descriptionOf(there.doc);
  if (!a || !b || sameDescription(a.text, b.text)) return;
  ctx.report({
    messageId: 'description',
    data: { other: copyName(there), category: here.place.category, at: copyAt(there, b.range), says: quoted(b.text, 160) },
    range: a.range,
    related: related(there, b.range, `${copyName(there)}'s description`),
  });
}

function checkModel(ctx: Ctx, here: Copy, there: Copy): void {
  const a = field(here.doc, 'model');
  const b = field(there.doc, 'model');
  const fa = a && modelFamily(a.value);
  const fb = b && modelFamily(b.value);
  if (!a || !b || !fa || !fb || fa === fb) return;
  ctx.report({
    messageId: 'model',
    data: {
      here: quoted(fa, 30),
      there: quoted(fb, 30),
      other: copyName(there),
      at: copyAt(there, b.valueRange),
      model: quoted(String(Array.isArray(b.value) ? b.value[0] : b.value), 60),
    },
    range: a.valueRange,
    related: related(there, b.valueRange, `${copyName(there)}'s model`),
  });
}

function listCaps(caps: readonly Capability[]): string {
  const words = caps.map((c) => CAPABILITY_TEXT[c]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function checkTools(ctx: Ctx, here: Copy, there: Copy): void {
  if (here.place.category !== 'agent') return;
  const a = capabilitiesOf(here.doc, here.place.tool);
  const b = capabilitiesOf(there.doc, there.place.tool);
  if (!a || !b) return;
  const onlyHere = CAPABILITIES.filter((c) => a.caps[c] === true && b.caps[c] === false);
  const onlyThere = CAPABILITIES.filter((c) => a.caps[c] === false && b.caps[c] === true);
  if (!onlyHere.length && !onlyThere.length) return;
  const other = copyName(there);
  const own = a.field ? field(here.doc, a.field) : undefined;
  const theirs = b.field ? field(there.doc, b.field) : undefined;
  const which = onlyHere.length && onlyThere.length ? 'tools' : onlyHere.length ? 'tools-here' : 'tools-there';
  ctx.report({
    messageId: theirs ? which : `${which}-unset`,
    data: {
      here: listCaps(onlyHere),
      there: listCaps(onlyThere),
      other,
      ...(theirs ? { at: copyAt(there, theirs.keyRange), key: theirs.key } : { file: there.doc.relPath }),
    },
    range: own?.keyRange ?? topOf(here.doc),
    related: related(there, theirs?.keyRange ?? topOf(there.doc), `${other}'s tools`),
  });
}

/** One status a copy's return blocks use: the keys of the blocks that return it, and where each key and the status are written. */
interface StatusShape {
  keys: Map<string, Range>;
  at: Range;
}

/**
 * A copy's return-format blocks by the status each returns (a block written for several,
 * `"completed|partial|failed"`, counts for each): their top-level keys.
 */
function returnShapes(doc: DocumentModel): Map<string, StatusShape> {
  const out = new Map<string, StatusShape>();
  if (doc.format !== 'markdown') return out;
  for (const r of doc.returnFormats) {
    if (r.node.type !== 'object') continue;
    const status = r.node.properties.find((p) => p.key === 'status')?.value;
    if (status?.type !== 'string') continue;
    for (const s of status.alternatives ?? (status.templated ? [] : [status.value])) {
      const shape = out.get(s) ?? { keys: new Map<string, Range>(), at: status.range };
      for (const p of r.node.properties) if (!shape.keys.has(p.key)) shape.keys.set(p.key, p.keyRange);
      out.set(s, shape);
    }
  }
  return out;
}

/**
 * Return blocks are compared status by status: a copy that shows one more example (the final
 * return, beside the in-progress marker) says more, not something else. Copies whose blocks
 * share no status at all return different statuses.
 */
function checkReturnFormat(ctx: Ctx, here: Copy, there: Copy): void {
  const a = returnShapes(here.doc);
  const b = returnShapes(there.doc);
  if (!a.size || !b.size) return;
  const other = copyName(there);
  const shared = [...a.keys()].filter((s) => b.has(s));
  const show = (xs: string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
  if (!shared.length) {
    const first = a.values().next().value!;
    const theirs = b.values().next().value!;
    ctx.report({
      messageId: 'return-statuses',
      data: { other, mine: show([...a.keys()]), at: copyAt(there, theirs.at), theirs: show([...b.keys()]), category: here.place.category },
      range: first.at,
      related: related(there, theirs.at, `${other}'s return status`),
    });
    return;
  }
  for (const s of shared) {
    const mine = a.get(s)!;
    const theirs = b.get(s)!;
    const onlyHere = [...mine.keys.keys()].filter((k) => !theirs.keys.has(k));
    const onlyThere = [...theirs.keys.keys()].filter((k) => !mine.keys.has(k));
    if (!onlyHere.length && !onlyThere.length) continue;
    ctx.report({
      messageId: onlyHere.length && onlyThere.length ? 'return-keys' : onlyHere.length ? 'return-keys-here' : 'return-keys-there',
      data: { status: quoted(s, 24), other, at: copyAt(there, theirs.at), here: show(onlyHere), there: show(onlyThere), category: here.place.category },
      range: onlyHere.length ? mine.keys.get(onlyHere[0]!)! : mine.at,
      related: related(there, onlyThere.length ? theirs.keys.get(onlyThere[0]!)! : theirs.at, `${other}'s ${JSON.stringify(s)} return`),
    });
  }
}

const BUILTIN = new Set([...BUILTIN_AGENT_TYPES, ...EXTRA_BUILTIN_AGENTS, ...OPENCODE_BUILTIN_AGENTS, 'agent', 'ask', 'edit'].map((n) => n.toLowerCase()));

/**
 * The agents a copy delegates to, with where it names each: its own delegations (not a
 * `delegation_path` entry that another caller writes) and, through each skill it runs, the
 * skill's (a skill that starts an agent delegates for it; the range is the skill's name in this
 * copy); a Copilot agent's `agents` and `handoffs` too. Built-in agents are left out: each tool
 * has its own.
 */
function targetsOf(index: MirrorIndex, doc: DocumentModel): Map<string, Range> {
  const out = new Map<string, Range>();
  if (doc.format !== 'markdown') return out;
  const add = (name: string, range: Range) => {
    const n = name.trim();
    if (!n || n === '*' || BUILTIN.has(n.toLowerCase()) || out.has(n)) return;
    out.set(n, range);
  };
  const seen = new Set<DocumentModel>();
  const walk = (d: DocumentModel, range: Range | null, depth: number) => {
    if (seen.has(d) || depth > 3) return;
    seen.add(d);
    for (const r of referencesOf(d)) {
      if (r.from && r.from.name !== d.name && r.from.name !== d.fileStem) continue;
      const at = range ?? r.range;
      if (r.expected === 'agent') add(r.target, at);
      else if (r.expected === 'skill') {
        const skill = specInCallerTree(d, index.skills.get(r.target));
        if (skill) walk(skill, at, depth + 1);
      }
    }
  };
  walk(doc, null, 0);
  const agents = field(doc, 'agents');
  if (agents && Array.isArray(agents.value)) {
    agents.value.forEach((v, i) => {
      if (typeof v === 'string') add(v, agents.items?.[i] ?? agents.valueRange);
    });
  }
  const handoffs = field(doc, 'handoffs');
  if (handoffs && Array.isArray(handoffs.value)) {
    for (const h of handoffs.value) {
      const agent = h && typeof h === 'object' ? (h as Record<string, unknown>)['agent'] : undefined;
      if (typeof agent !== 'string') continue;
      const at = doc.text.indexOf(agent, handoffs.valueRange.start);
      add(agent, at >= 0 && at < handoffs.valueRange.end ? { start: at, end: at + agent.length } : handoffs.valueRange);
    }
  }
  return out;
}

/** Whether a text names an agent: the name (or its last path segment) as a whole word. */
function mentions(text: string, name: string): boolean {
  const last = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);
  for (const n of new Set([name, last])) {
    for (let at = text.indexOf(n); at !== -1; at = text.indexOf(n, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + n.length] ?? ' ';
      if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    }
  }
  return false;
}

function checkTargets(ctx: Ctx, index: MirrorIndex, here: Copy, there: Copy): void {
  if (here.place.category === 'instructions') return;
  const a = targetsOf(index, here.doc);
  const b = targetsOf(index, there.doc);
  // A copy that starts no agent at all does its work another way (itself, in skills): the
  // copies then differ in how, which is no disagreement on whom to hand the work to.
  if (!a.size || !b.size) return;
  const onlyHere = [...a.keys()].filter((n) => !b.has(n) && !mentions(there.doc.text, n));
  const onlyThere = [...b.keys()].filter((n) => !a.has(n) && !mentions(here.doc.text, n));
  if (!onlyHere.length && !onlyThere.length) return;
  const other = copyName(there);
  const list = (xs: string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
  if (onlyHere.length) {
    ctx.report({
      messageId: onlyThere.length ? 'targets' : 'targets-here',
      data: { target: quoted(onlyHere[0]!, 40), other, file: there.doc.relPath, here: list(onlyHere), there: list(onlyThere) },
      range: a.get(onlyHere[0]!)!,
      related: onlyThere.length ? related(there, b.get(onlyThere[0]!), `${other} delegates to ${JSON.stringify(onlyThere[0])}`) : related(there, topOf(there.doc), `${other}`),
    });
    return;
  }
  ctx.report({
    messageId: 'targets-there',
    data: { other, target: quoted(onlyThere[0]!, 40), at: copyAt(there, b.get(onlyThere[0]!)), there: list(onlyThere) },
    range: topOf(here.doc),
    related: related(there, b.get(onlyThere[0]!), `${other} delegates to ${JSON.stringify(onlyThere[0])}`),
  });
}

function checkCommands(ctx: Ctx, here: Copy, there: Copy): void {
  if (here.place.category !== 'instructions') return;
  for (const d of commandDrift(here.doc, there.doc)) {
    ctx.report({
      messageId: 'commands',
      data: { here: quoted(d.here.command, 36), other: copyName(there), there: quoted(d.there.command, 36), at: copyAt(there, d.there.range), command: quoted(d.there.command, 120) },
      range: d.here.range,
      related: related(there, d.there.range, `${copyName(there)}'s command`),
    });
  }
}

/**
 * Whether another tool's place for the file's category exists beside it: when none does, the
 * project's other files are not read (a one-file run in a `.claude/`-only project reads nothing
 * more). Asked once per folder and category.
 */
function othersMayExist(project: ProjectView, place: MirrorPlace): boolean {
  const files = project.files;
  if (!files) return true;
  const known = project.fact('mirror-drift:places', () => new Map<string, boolean>());
  const key = `${place.category}\0${place.home}\0${place.tool}`;
  let found = known.get(key);
  if (found === undefined) {
    const home = files.resolve(project.root, place.home || '.');
    found = PLACE_PATHS[place.category].some(([tool, rel]) => tool !== place.tool && files.stat(files.resolve(home, rel)) !== null);
    known.set(key, found);
  }
  return found;
}

export default defineRule({
  meta: {
    id: 'mirror-drift',
    description: 'Copies of one agent, command or instruction file kept for several tools agree on what matters.',
    severity: 'warn',
    standard: false,
    kinds: [...MIRROR_KINDS],
    messages: {
      description: {
        message: 'description differs from {{other}} of this {{category}}',
        help: '{{at}} says {{says}}. Copies kept for several tools should say the same: each tool shows the description and picks by it.',
      },
      model: {
        message: 'model is {{here}} here, {{there}} in {{other}}',
        help: '{{at}} names {{model}}. Each tool spells model ids its own way; the model itself should be the same in every copy.',
      },
      // What each copy can do, and where the other says it: its tool field, or none (`-unset`: every tool).
      ...sameHelp(`{{at}} sets \`{{key}}\`. ${SAME_CAPABILITIES}`, CAN),
      ...sameHelp(`{{file}} has no \`tools\` field, so it has every tool. ${SAME_CAPABILITIES}`, {
        'tools-unset': CAN.tools,
        'tools-here-unset': CAN['tools-here'],
        'tools-there-unset': CAN['tools-there'],
      }),
      'return-statuses': {
        message: "return statuses differ from {{other}}'s: none is the same",
        help: 'This copy returns {{mine}}, {{at}} returns {{theirs}}. The caller reads the same return whichever tool ran the {{category}}: the copies should promise the same statuses.',
      },
      ...sameMessage("the {{status}} return has other keys than {{other}}'s", {
        'return-keys': `Against {{at}}: only this copy has {{here}}, only {{other}} has {{there}}. ${SAME_KEYS}`,
        'return-keys-here': `Against {{at}}: only this copy has {{here}}. ${SAME_KEYS}`,
        'return-keys-there': `Against {{at}}: only {{other}} has {{there}}. ${SAME_KEYS}`,
      }),
      ...sameMessage('delegates to {{target}}, which {{other}} never names', {
        targets: `{{file}} does not mention {{here}}, and delegates to {{there}}, which this copy does not mention. ${SAME_AGENTS}`,
        'targets-here': `{{file}} does not mention {{here}}. ${SAME_AGENTS}`,
      }),
      'targets-there': {
        message: '{{other}} delegates to {{target}}, which this copy never names',
        help: `{{at}} delegates to {{there}}, which this copy does not mention. ${SAME_AGENTS}`,
      },
      commands: {
        message: 'runs {{here}} where {{other}} runs {{there}}',
        help: "{{at}} gives {{command}} at the same place, and does not give this file's command anywhere. The two files are copies of each other: one of them is out of date.",
      },
    },
  },
  check(ctx) {
    const { doc, project } = ctx;
    const place = placeOf(doc);
    if (!place || !othersMayExist(project, place)) return;
    const index = project.fact('mirror-drift', (p) => new MirrorIndex(p.documents));
    for (const there of index.mirrorsOf(doc)) {
      const here = { doc, place };
      checkDescription(ctx, here, there);
      checkTools(ctx, here, there);
      checkModel(ctx, here, there);
      checkReturnFormat(ctx, here, there);
      checkTargets(ctx, index, here, there);
      checkCommands(ctx, here, there);
    }
  },
});
