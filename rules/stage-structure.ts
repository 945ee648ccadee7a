import { defineRule } from '../src/engine/rule.js';
import type { LineIndex } from '../src/model/lines.js';
import { ownText, stageWorkflows, type Stage } from '../src/model/stages.js';
import { numberedLines, numberingIssues } from '../src/model/steps.js';
import { clip, quoted } from '../src/util/clip.js';
import type { XmlElement } from '../src/model/xml/types.js';

function at(lines: LineIndex, offset: number): string {
  const p = lines.position(offset);
  return `${p.line}:${p.column}`;
}

/** `1`, `1.5`, `2.10` as numbers per part; null for an id that is not such a number. */
function idParts(id: string): number[] | null {
  if (!/^\d{1,6}(?:\.\d{1,6}){0,3}$/.test(id.trim())) return null;
  return id.trim().split('.').map(Number);
}

function compareIds(a: number[], b: number[]): number {
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The stage's children of that name, also those that landed inside a sibling left unclosed
 * (`<action>Parse` with no `</action>` holds the `<process>`): stage-xml-wellformed reports
 * the unclosed tag, and this rule does not echo it as a missing `<process>`.
 */
function stageChildren(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    else if (!c.closeRange && !c.selfClosing) for (const g of c.children) if (g.name === name) out.push(g);
  }
  return out;
}

function label(s: Stage): string {
  if (s.name?.value) return `stage ${quoted(s.name.value, 32)}`;
  if (s.id?.value) return `stage ${s.id.value}`;
  return '<stage>';
}

function workflowLabel(w: XmlElement | null): string {
  return w ? `<${clip(w.name, 30)}>` : 'this file';
}

export default defineRule({
  meta: {
    id: 'stage-structure',
    description: 'Each workflow <stage> has a name (error), an <action> and a <process>; names are unique, ids ascend, and process steps run 1, 2, 3 (warnings).',
    details:
      'The standard\'s workflow stages each name themselves, say in one <action> line what they do, and list their steps in a <process>. A stage without a name cannot be referred to ("proceed to ValidateReturn"), stages out of order or with a repeated name leave the model to guess the sequence, and a step list that skips a number reads as a step lost in editing.',
    severity: 'error',
    help: {
      noName: 'Give each stage a name the workflow can refer to, e.g. name="ValidateReturn".',
      noAction: 'Expected an <action> that says in one line what the stage does.',
      noProcess: 'Expected a <process> that lists the steps the stage performs.',
      'steps-start': 'Number the steps from 1.',
    },
  },
  check({ doc, report }) {
    const stages = doc.stages;
    if (stages.length === 0) return;
    const { lines, text } = doc;
    const xml = doc.xml;

    for (const s of stages) {
      const el = s.element;
      if (!s.name || !s.name.value?.trim()) {
        report({
          message: s.name ? `${label(s)} has an empty name` : `${label(s)} has no name attribute`,
          messageId: 'noName',
          range: s.name?.range ?? el.nameRange,
        });
      }
      for (const child of ['action', 'process'] as const) {
        if (stageChildren(el, child).length) continue;
        report({
          message: `${label(s)} has no <${child}>`,
          messageId: child === 'action' ? 'noAction' : 'noProcess',
          range: el.nameRange,
          severity: 'warn',
        });
      }
      for (const proc of stageChildren(el, 'process')) {
        for (const issue of numberingIssues(numberedLines(text, ownText(proc, xml.opaque)))) {
          const n = issue.step.value;
          const prev = issue.previous;
          const prevLine = prev ? lines.position(prev.range.start).line : 0;
          let message: string;
          let help: string | undefined;
          if (issue.kind === 'start') message = `the steps of ${label(s)} start at ${n}`;
          else if (issue.kind === 'gap') {
            const missing = n - prev!.value === 2 ? `step ${prev!.value + 1}` : `steps ${prev!.value + 1}-${n - 1}`;
            message = `step ${n} of ${label(s)} follows step ${prev!.value}, skipping ${missing}`;
            help = `Step ${prev!.value} is at line ${prevLine}: add the missing ${missing}, or number the steps 1, 2, 3 without gaps.`;
          } else if (issue.kind === 'repeat') {
            message = `step ${n} of ${label(s)} repeats the number of the step at line ${prevLine}`;
            help = `Expected ${n + 1}: number the steps 1, 2, 3 in order.`;
          } else {
            message = `step ${n} of ${label(s)} comes after step ${prev!.value}`;
            help = `Step ${prev!.value} is at line ${prevLine}: expected ${prev!.value + 1}, numbering the steps 1, 2, 3 in order.`;
          }
          report({ message, help, messageId: `steps-${issue.kind}`, range: issue.step.range, severity: 'warn' });
        }
      }
    }

    for (const wf of stageWorkflows(stages)) {
      const names = new Map<string, Stage>();
      let prev: { stage: Stage; parts: number[] } | undefined;
      for (const s of wf.stages) {
        const name = s.name?.value?.trim();
        if (name) {
          const first = names.get(name);
          if (first) {
            report({
              message: `stage name ${quoted(name, 32)} is used twice in ${workflowLabel(wf.element)}`,
              help: `The first is at ${at(lines, first.name!.range.start)}: give each stage its own name.`,
              messageId: 'duplicateName',
              range: s.name!.valueRange ?? s.name!.range,
              severity: 'warn',
            });
          } else names.set(name, s);
        }
        const parts = s.id?.value != null ? idParts(s.id.value) : null;
        if (!parts) continue;
        if (prev && compareIds(parts, prev.parts) <= 0) {
          const same = compareIds(parts, prev.parts) === 0;
          report({
            message: same ? `stage id ${s.id!.value} repeats the id of ${label(prev.stage)}` : `stage id ${s.id!.value} comes after id ${prev.stage.id!.value}`,
            help: `${same ? 'That stage' : `Id ${prev.stage.id!.value}, of ${label(prev.stage)},`} is at ${at(lines, prev.stage.id!.range.start)}: ids must ascend in workflow order.`,
            messageId: same ? 'duplicateId' : 'idOrder',
            range: s.id!.valueRange ?? s.id!.range,
            severity: 'warn',
          });
        }
        prev = { stage: s, parts };
      }
    }
  },
});
