/**
 * Linting a project held in memory (a few files with their paths), through the engine as
 * `lint()` drives it, but without touching the disk: for fuzzing, where thousands of projects
 * are made and thrown away. Every rule is on, and the project uses the standard.
 */
import { ALL_RULES } from '../../rules/index.js';
import { resolveConfig, type ResolvedConfig } from '../../src/config/resolve.js';
import { kindFromPath } from '../../src/discovery/kind.js';
import { runRules } from '../../src/engine/engine.js';
import { ProjectView } from '../../src/model/project.js';
import type { Rule } from '../../src/engine/rule.js';
import { DocumentModel } from '../../src/model/document.js';
import { getProfile } from '../../src/standard/profiles.js';
import type { LintResult, StandardName } from '../../src/types.js';

export interface MemFile {
  path: string;
  text: string;
}

const configs = new Map<string, ResolvedConfig>();

/**
 * Every rule on. With a standard, the project uses it (as with `standard` in a config); with
 * none, whether it does is found from the files (return formats, delegation contexts).
 */
export function everyRuleOn(standard: StandardName | undefined, rules: readonly Rule[] = ALL_RULES): ResolvedConfig {
  const key = `${standard}:${rules.map((r) => r.meta.id).join(',')}`;
  let c = configs.get(key);
  if (!c) {
    const on = Object.fromEntries(rules.filter((r) => !r.meta.internal).map((r) => [r.meta.id, 'error']));
    c = resolveConfig({ file: null, dir: '/project', raw: { ...(standard ? { standard } : {}), rules: on } }, rules);
    configs.set(key, c);
  }
  return c;
}

export function lintMemory(files: MemFile[], opts: { standard?: StandardName; rules?: readonly Rule[] } = {}): LintResult[] {
  const rules = opts.rules ?? ALL_RULES;
  const config = everyRuleOn(opts.standard, rules);
  const docs = files.map((f) => new DocumentModel({ filePath: `/project/${f.path}`, relPath: f.path, kind: kindFromPath(f.path), text: f.text }));
  const project = new ProjectView({ root: '/project', documents: docs, configuredStandard: config.configuredStandard, usesStandard: config.usesStandard });
  return runRules({ project, profile: getProfile(config.standard), rules, targets: docs, settingsFor: (d) => config.settingsFor(d.relPath) });
}
