/**
 * The pipeline: discover -> read -> one document model per file -> run rules per project ->
 * results. Used by the command line and the library API alike.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ResolvedConfig } from './config/resolve.js';
import { discoverSpecs, expandArgs } from './discovery/discover.js';
import { kindFromPath } from './discovery/kind.js';
import { ProjectRoots } from './discovery/project-root.js';
import { runRules, summarize } from './engine/engine.js';
import { ProjectView } from './engine/project.js';
import type { Rule } from './engine/rule.js';
import { DocumentModel } from './model/document.js';
import { getProfile } from './standard/profiles.js';
import { whyUnreadable } from './util/fs-errors.js';
import type { FileKind, LintMessage, LintResult } from './types.js';

export interface LintRequest {
  cwd: string;
  /** Files, directories or globs; none means the working directory. */
  patterns: string[];
  rules: readonly Rule[];
  config: ResolvedConfig;
  /** Text given on standard input, linted as if it were at `filename`. */
  stdin?: { text: string; filename?: string };
  /** Extra agent names that exist outside the project. */
  externalAgents?: string[];
}

export interface LintRun {
  results: LintResult[];
  /** Patterns that matched no file. */
  unmatched: string[];
  /** Command-line paths that could not be read. */
  unreadable: Array<{ arg: string; reason: string }>;
}

const toPosix = (p: string) => p.split(path.sep).join('/');

/** A message for a file that cannot be linted at all (unreadable, binary, not UTF-8). */
function fileProblem(ruleId: string, message: string): LintMessage {
  return { ruleId, severity: 2, fatal: true, message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

type ReadOutcome = { text: string } | { problem: LintMessage };


/** Reads a file as UTF-8, refusing directories, binary content and invalid UTF-8 with a reason. */
export function readSpec(file: string): ReadOutcome {
  let buf: Buffer;
  try {
    const st = statSync(file);
    if (st.isDirectory()) return { problem: fileProblem('file-unreadable', 'this path is a directory, not a markdown file') };
    // Reading a FIFO or a device would block or never end.
    if (!st.isFile()) return { problem: fileProblem('file-unreadable', 'this path is not a regular file (a FIFO, socket or device), so it is not read') };
    if (st.size > MAX_FILE_BYTES) return { problem: fileProblem('file-unreadable', `file is ${st.size} bytes; files over ${MAX_FILE_BYTES} bytes are not linted`) };
    buf = readFileSync(file);
  } catch (e) {
    return { problem: fileProblem('file-unreadable', `cannot read file: ${whyUnreadable(file, e)}`) };
  }
  return decode(buf);
}

export function decode(buf: Buffer): ReadOutcome {
  const probe = buf.subarray(0, 8192);
  if (probe.includes(0)) return { problem: fileProblem('file-encoding', 'file holds binary content (a NUL byte), expected UTF-8 markdown text') };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf) };
  } catch {
    let bad = 0;
    // Find the first invalid byte's line for a precise message.
    const text = new TextDecoder('utf-8').decode(buf);
    bad = text.indexOf('\uFFFD');
    const line = bad === -1 ? 1 : text.slice(0, bad).split('\n').length;
    return { problem: { ...fileProblem('file-encoding', 'file is not valid UTF-8 text; save it as UTF-8'), line, endLine: line } };
  }
}

export function lint(req: LintRequest): LintRun {
  const { cwd, config } = req;
  const roots = new ProjectRoots(cwd);
  const ignored = config.ignores.length ? picomatch(config.ignores, { dot: true }) : () => false;
  const isIgnored = (abs: string) => ignored(toPosix(path.relative(config.dir, abs)));

  let targets: string[] = [];
  let walked: string[] = [];
  const run: LintRun = { results: [], unmatched: [], unreadable: [] };
  if (req.stdin) {
    targets = [path.resolve(cwd, req.stdin.filename ?? '<stdin>.md')];
  } else {
    const ex = expandArgs(req.patterns.length ? req.patterns : ['.'], cwd);
    targets = ex.files.filter((f) => !isIgnored(f));
    walked = ex.dirs;
    run.unmatched = ex.unmatched;
    run.unreadable = ex.unreadable;
  }

  // Group targets by project.
  const groups = new Map<string, string[]>();
  for (const f of targets) {
    const root = roots.rootOf(f);
    const list = groups.get(root) ?? [];
    list.push(f);
    groups.set(root, list);
  }

  const profile = getProfile(config.standard);
  const kindOf = (abs: string, root: string): FileKind => {
    const relToConfig = toPosix(path.relative(config.dir, abs));
    const fromConfig = config.kindFor(relToConfig);
    if (fromConfig) return fromConfig;
    const rel = path.relative(root, abs);
    return kindFromPath(toPosix(rel.startsWith('..') ? path.relative(cwd, abs) : rel));
  };

  const resultByFile = new Map<string, LintResult>();
  for (const [root, files] of groups) {
    const docs: DocumentModel[] = [];
    const targetDocs: DocumentModel[] = [];
    const makeDoc = (abs: string, text: string) =>
      new DocumentModel({ filePath: abs, relPath: toPosix(path.relative(root, abs)), kind: kindOf(abs, root), text });
    for (const abs of files) {
      const read: ReadOutcome = req.stdin ? { text: req.stdin.text } : readSpec(abs);
      if ('problem' in read) {
        resultByFile.set(abs, summarize({ filePath: abs, messages: [read.problem], suppressedMessages: [] }));
        continue;
      }
      const doc = makeDoc(abs, read.text);
      docs.push(doc);
      targetDocs.push(doc);
    }
    // Cross-file rules see the whole project, also when only some of its files are linted;
    // the rest is read only if a rule asks a cross-file question.
    const alreadyWalked = walked.some((d) => root === d || root.startsWith(d + path.sep));
    const loadContext = alreadyWalked
      ? undefined
      : () => {
          const have = new Set(files);
          const extra: DocumentModel[] = [];
          for (const abs of discoverSpecs(root)) {
            if (have.has(abs) || isIgnored(abs)) continue;
            const read = readSpec(abs);
            if ('text' in read) extra.push(makeDoc(abs, read.text));
          }
          return extra;
        };
    const project = new ProjectView({
      root,
      documents: docs,
      loadContext,
      configuredStandard: config.configuredStandard,
      usesStandard: config.usesStandard,
      externalAgents: req.externalAgents,
    });
    const results = runRules({
      project,
      profile,
      rules: req.rules,
      targets: targetDocs,
      settingsFor: (doc) => config.settingsFor(toPosix(path.relative(config.dir, doc.filePath))),
    });
    for (const r of results) resultByFile.set(r.filePath, r);
  }
  run.results = targets.map((f) => resultByFile.get(f)).filter((r): r is LintResult => !!r);
  return run;
}
