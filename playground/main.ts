/**
 * The playground page: files in tabs (each with its project path, so kinds and cross-file rules
 * work), a CodeMirror editor with the findings inline (frontmatter highlighted as YAML,
 * frontmatter.ts), the list of findings with their help, links to the rule docs, and fixes and
 * suggestions as buttons (the list is operable by keyboard), the profile and rule severities as
 * settings, and the delegation graph (graph.ts). The linter runs in the page
 * (src/browser/index.ts); the state lives in the URL hash (state.ts).
 */
import { defaultKeymap, history as undoHistory, historyKeymap } from '@codemirror/commands';
import { defaultHighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type ChangeSpec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { lintProject, ruleDocsUrl, RULES, STANDARD_NAMES, VERSION, type LintMessage, type LintResult } from '../src/browser/index.js';
import { markdownWithFrontmatter } from './frontmatter.js';
import { renderGraph } from './graph.js';
import { decodeState, encodeState, type PlaygroundState, type Severity } from './state.js';

/** Set by the build (src/build/playground.ts): fixtures/sample-project's spec files. */
declare const __SAMPLE_PROJECT__: Array<{ path: string; text: string }>;

/** A fix or a suggestion of a finding, as a button applies it. */
interface Edit {
  label: string;
  kind: 'fix' | 'suggestion';
  range: [number, number];
  text: string;
}

interface FileTab {
  path: string;
  state: EditorState;
}

/** When the page's code starts running (its modules evaluated), for the benchmark. */
const scriptStart = performance.now();

const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

/**
 * The standard choices, as the CLI takes them: auto (no `standard` in config: a project uses the
 * standard when its files show it, and its own format documents are learned), a profile (the
 * project uses it whatever its files show), or none (`usesStandard: false`).
 */
const STANDARD_CHOICES: readonly string[] = ['auto', ...STANDARD_NAMES, 'none'];
const STANDARD_LABELS: Record<string, string> = { auto: 'auto (detect)', none: 'none' };

/** The config a choice stands for. */
function standardConfig(choice: string, rules: Record<string, Severity>): Record<string, unknown> {
  if (choice === 'auto') return { rules };
  if (choice === 'none') return { usesStandard: false, rules };
  return { standard: choice, rules };
}

const tabs: FileTab[] = [];
let current = 0;
let standard = 'auto';
let rules: Record<string, Severity> = {};
let results = new Map<string, LintResult>();
let lintTimer: ReturnType<typeof setTimeout> | undefined;
let lintSeq = 0;
let firstFindings = true;

const extensions = [
  lineNumbers(),
  undoHistory(),
  drawSelection(),
  highlightActiveLine(),
  highlightActiveLineGutter(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  lintGutter(),
  keymap.of([...defaultKeymap, ...historyKeymap]),
  EditorView.lineWrapping,
  EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    tabs[current]!.state = u.state;
    scheduleLint();
  }),
];

const view = new EditorView({ parent: $('#editor') });
performance.mark('view');

// The language alone: markdown() also loads HTML, CSS and JavaScript for embedded code.
const markdownSupport = new LanguageSupport(markdownWithFrontmatter);

/** A file's editor state: markdown (and Cursor's .mdc) highlighted as such, TOML and JSON as plain text. */
function newState(text: string, path: string): EditorState {
  return EditorState.create({ doc: text, extensions: /\.(?:md|mdc)$/i.test(path) ? [markdownSupport, ...extensions] : extensions });
}

function stateNow(): PlaygroundState {
  return { files: tabs.map((t) => ({ path: t.path, text: t.state.doc.toString() })), standard, rules };
}

function load(s: PlaygroundState): void {
  tabs.splice(0, tabs.length, ...s.files.map((f) => ({ path: f.path, state: newState(f.text, f.path) })));
  standard = STANDARD_CHOICES.includes(s.standard) ? s.standard : 'auto';
  rules = { ...s.rules };
  current = 0;
  view.setState(tabs[0]!.state);
  renderTabs();
  renderSettings();
}

function scheduleLint(delay = 150): void {
  clearTimeout(lintTimer);
  lintTimer = setTimeout(() => void runLint(), delay);
}

async function runLint(): Promise<void> {
  const seq = ++lintSeq;
  const s = stateNow();
  window.history.replaceState(null, '', '#' + encodeState(s));
  const status = $('#status');
  try {
    const t0 = performance.now();
    const out = await lintProject(s.files, standardConfig(standard, rules));
    if (firstFindings) document.body.dataset['firstLintMs'] = String(Math.round(performance.now() - t0));
    if (seq !== lintSeq) return;
    performance.mark('linted');
    results = new Map(out.results.map((r) => [r.filePath, r]));
    status.textContent = '';
    renderFindings();
    showDiagnostics();
    renderGraph($('#graph'), out.graph.nodes, out.graph.edges, openFile);
    renderTabs();
    performance.mark('rendered');
  } catch (e) {
    status.textContent = e instanceof Error ? e.message : String(e);
  }
  if (firstFindings) {
    firstFindings = false;
    const ms = Math.round(performance.now());
    document.body.dataset['firstFindingsMs'] = String(ms);
    document.body.dataset['scriptStartMs'] = String(Math.round(scriptStart));
    document.body.dataset['ready'] = 'true';
  }
}

/** The fix and the suggestions of a finding (`suggestions: [{desc, fix}]`, ESLint's shape). */
function editsOf(m: LintMessage): Edit[] {
  const edits: Edit[] = [];
  if (m.fix) edits.push({ label: `Fix: ${describeEdit(m.fix)}`, kind: 'fix', range: m.fix.range, text: m.fix.text });
  for (const s of m.suggestions ?? []) edits.push({ label: s.desc || describeEdit(s.fix), kind: 'suggestion', range: s.fix.range, text: s.fix.text });
  return edits;
}

function describeEdit(fix: { range: [number, number]; text: string }): string {
  const t = fix.text.replace(/\s+/g, ' ').trim();
  if (t === '') return 'remove the text';
  return `write ${t.length > 40 ? t.slice(0, 39) + '…' : t}`;
}

/** Applies a fix or a suggestion in the editor, on its file's tab (opened if another is shown). */
function applyEdit(path: string, edit: Edit): void {
  if (!tabs.some((t) => t.path === path)) return;
  if (tabs[current]!.path !== path) openFile(path);
  const changes: ChangeSpec = { from: edit.range[0], to: edit.range[1], insert: edit.text };
  view.dispatch({ changes, selection: { anchor: edit.range[0] + edit.text.length }, scrollIntoView: true });
}

/** Opens a finding's file and puts the cursor at it. */
function jumpTo(path: string, m: LintMessage): void {
  openFile(path);
  const at = offsetOf(view.state, m.line, m.column);
  view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
  view.focus();
}

/** A finding's help (what was expected, how to fix it) and its rule, linked to the rule's docs. */
function helpAndRule(m: LintMessage): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (m.help) {
    const help = document.createElement('span');
    help.className = 'help';
    help.textContent = m.help;
    out.push(help);
  }
  const rule = document.createElement('a');
  rule.className = 'rule';
  rule.href = ruleDocsUrl(m.ruleId);
  rule.target = '_blank';
  rule.rel = 'noopener';
  rule.title = `The docs of ${m.ruleId}`;
  rule.textContent = m.ruleId;
  out.push(rule);
  return out;
}

function offsetOf(state: EditorState, line: number, column: number): number {
  const l = state.doc.line(Math.min(Math.max(line, 1), state.doc.lines));
  return Math.min(l.from + Math.max(column - 1, 0), l.to);
}

function showDiagnostics(): void {
  const tab = tabs[current]!;
  const r = results.get(cleanTabPath(tab.path));
  const st = view.state;
  const diagnostics: Diagnostic[] = (r?.messages ?? []).map((m) => {
    const from = offsetOf(st, m.line, m.column);
    const to = Math.max(from, offsetOf(st, m.endLine, m.endColumn));
    return {
      from,
      to,
      severity: m.severity === 2 ? 'error' : 'warning',
      message: m.message,
      renderMessage: () => {
        const box = document.createElement('span');
        const msg = document.createElement('span');
        msg.className = 'message';
        msg.textContent = m.message;
        box.append(msg, ...helpAndRule(m));
        return box;
      },
      actions: editsOf(m).map((e) => ({ name: e.label, apply: () => applyEdit(tab.path, e) })),
    };
  });
  view.dispatch(setDiagnostics(st, diagnostics));
}

/** The path as the linter reports it (no leading ./ or /). */
function cleanTabPath(p: string): string {
  return p.replace(/\\/g, '/').split('/').filter((s) => s && s !== '.').join('/');
}

function openFile(path: string): void {
  const i = tabs.findIndex((t) => cleanTabPath(t.path) === cleanTabPath(path));
  if (i === -1) return;
  current = i;
  view.setState(tabs[i]!.state);
  renderTabs();
  renderFindings();
  showDiagnostics();
}

function renderTabs(): void {
  const bar = $('#tabs');
  bar.textContent = '';
  tabs.forEach((t, i) => {
    const r = results.get(cleanTabPath(t.path));
    const b = document.createElement('button');
    b.className = 'tab' + (i === current ? ' current' : '');
    if (i === current) b.setAttribute('aria-current', 'true');
    b.dataset['path'] = t.path;
    b.title = 'Double-click to rename';
    b.textContent = t.path;
    if (r && r.errorCount + r.warningCount > 0) {
      const n = document.createElement('span');
      n.className = r.errorCount ? 'count error' : 'count warn';
      n.textContent = String(r.errorCount + r.warningCount);
      b.appendChild(n);
    }
    b.addEventListener('click', () => openFile(t.path));
    b.addEventListener('dblclick', () => renameTab(i));
    bar.appendChild(b);
  });
  const add = document.createElement('button');
  add.className = 'tab add';
  add.textContent = '+ file';
  add.addEventListener('click', addTab);
  bar.appendChild(add);
  if (tabs.length > 1) {
    const del = document.createElement('button');
    del.className = 'tab remove';
    del.textContent = '− remove this file';
    del.addEventListener('click', removeTab);
    bar.appendChild(del);
  }
}

function addTab(): void {
  const path = prompt('Path of the new file in the project', '.claude/agents/new-agent.md');
  if (!path) return;
  tabs.push({ path, state: newState(/\.md$/i.test(path) ? '---\nname: new-agent\ndescription: What it does. Use when ...\n---\n\n' : '', path) });
  openFile(path);
  scheduleLint(0);
}

function renameTab(i: number): void {
  const path = prompt('Path of this file in the project', tabs[i]!.path);
  if (!path) return;
  tabs[i]!.path = path;
  tabs[i]!.state = newState(tabs[i]!.state.doc.toString(), path);
  if (i === current) view.setState(tabs[i]!.state);
  renderTabs();
  scheduleLint(0);
}

function removeTab(): void {
  if (tabs.length < 2 || !confirm(`Remove ${tabs[current]!.path}?`)) return;
  tabs.splice(current, 1);
  current = Math.max(0, current - 1);
  view.setState(tabs[current]!.state);
  scheduleLint(0);
}

/**
 * The list of findings, the open file's first. By keyboard: Tab reaches the list (one finding at
 * a time), the arrow keys, Home and End move between findings, Enter jumps to the finding in the
 * editor; Tab goes on to the finding's docs link and buttons. Focus stays in the list when it is
 * drawn anew.
 */
function renderFindings(): void {
  const list = $('#findings');
  const focused = [...list.children].indexOf(document.activeElement?.closest('li.finding') ?? list);
  list.textContent = '';
  let total = 0;
  for (const t of [tabs[current]!, ...tabs.filter((_, i) => i !== current)]) {
    const r = results.get(cleanTabPath(t.path));
    for (const m of r?.messages ?? []) {
      total++;
      const li = document.createElement('li');
      li.className = `finding ${m.severity === 2 ? 'error' : 'warn'}`;
      li.tabIndex = -1;
      li.dataset['rule'] = m.ruleId;
      li.dataset['line'] = String(m.line);
      li.dataset['path'] = t.path;
      const where = document.createElement('a');
      where.href = '#';
      where.tabIndex = -1;
      where.className = 'where';
      where.textContent = `${t.path}:${m.line}:${m.column}`;
      where.addEventListener('click', (ev) => {
        ev.preventDefault();
        jumpTo(t.path, m);
      });
      const msg = document.createElement('span');
      msg.className = 'message';
      msg.textContent = m.message;
      li.append(where, ' ', msg, ' ', ...helpAndRule(m));
      li.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' && ev.target === li) {
          ev.preventDefault();
          jumpTo(t.path, m);
        }
      });
      for (const e of editsOf(m)) {
        const b = document.createElement('button');
        b.className = `edit ${e.kind}`;
        b.textContent = e.label;
        b.addEventListener('click', () => applyEdit(t.path, e));
        li.append(' ', b);
      }
      list.appendChild(li);
    }
  }
  const items = list.children as HTMLCollectionOf<HTMLElement>;
  const active = items[Math.min(Math.max(focused, 0), items.length - 1)];
  if (active) active.tabIndex = 0;
  if (active && focused >= 0) active.focus();
  $('#count').textContent = total === 0 ? 'No problems found.' : `${total} problem${total === 1 ? '' : 's'}`;
}

/** Arrow keys, Home and End move between findings. */
function moveInFindings(ev: KeyboardEvent): void {
  const items = [...$('#findings').children] as HTMLElement[];
  const at = items.indexOf((ev.target as Element).closest('li.finding') as HTMLElement);
  const to = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 } as Record<string, number>)[ev.key];
  if (at === -1 || to === undefined || !items[to]) return;
  ev.preventDefault();
  items[to]!.focus();
}

/** The finding last focused is the list's one stop in the Tab order. */
function keepInTabOrder(ev: FocusEvent): void {
  const li = (ev.target as Element).closest<HTMLElement>('li.finding');
  if (!li) return;
  for (const x of $('#findings').children) (x as HTMLElement).tabIndex = -1;
  li.tabIndex = 0;
}

function renderSettings(): void {
  const sel = $<HTMLSelectElement>('#standard');
  sel.textContent = '';
  for (const name of STANDARD_CHOICES) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = STANDARD_LABELS[name] ?? name;
    o.selected = name === standard;
    sel.appendChild(o);
  }
  const table = $('#rules');
  table.textContent = '';
  for (const r of RULES) {
    const tr = document.createElement('tr');
    const name = document.createElement('td');
    const a = document.createElement('a');
    a.href = r.url;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = r.id;
    a.title = r.description;
    name.appendChild(a);
    const td = document.createElement('td');
    const s = document.createElement('select');
    s.dataset['rule'] = r.id;
    for (const v of ['default', 'off', 'warn', 'error']) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v === 'default' ? `default (${r.severity})` : v;
      o.selected = (rules[r.id] ?? 'default') === v;
      s.appendChild(o);
    }
    s.addEventListener('change', () => {
      if (s.value === 'default') delete rules[r.id];
      else rules[r.id] = s.value as Severity;
      scheduleLint(0);
    });
    td.appendChild(s);
    tr.append(name, td);
    table.appendChild(tr);
  }
}

$<HTMLSelectElement>('#standard').addEventListener('change', (ev) => {
  standard = (ev.target as HTMLSelectElement).value;
  scheduleLint(0);
});
$('#share').addEventListener('click', () => {
  const url = location.href;
  void navigator.clipboard?.writeText(url).then(
    () => ($('#status').textContent = 'Link copied.'),
    () => ($('#status').textContent = url),
  );
});
$('#sample').addEventListener('click', () => {
  load({ files: __SAMPLE_PROJECT__, standard: 'auto', rules: {} });
  scheduleLint(0);
});
window.addEventListener('hashchange', () => {
  const s = decodeState(location.hash);
  if (s && encodeState(s) !== encodeState(stateNow())) {
    load(s);
    scheduleLint(0);
  }
});
$('#findings').addEventListener('keydown', moveInFindings);
$('#findings').addEventListener('focusin', keepInTabOrder);
$('#version').textContent = `agent-lint ${VERSION}`;

load(decodeState(location.hash) ?? { files: __SAMPLE_PROJECT__, standard: 'auto', rules: {} });
performance.mark('loaded');
void runLint();
