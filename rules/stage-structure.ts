import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import type { LineIndex } from '../src/model/lines.js';
import { ownText, stageWorkflows, type Stage, type StageWorkflow } from '../src/model/stages.js';
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

type Report = RuleContext['report'];

/** One stage's own findings: its name, its <action> and <process>, and how its process steps are numbered. */
function checkStage(doc: DocumentModel, report: Report, s: Stage): void {
  const el = s.element;
  if (!s.name || !s.name.value?.trim()) {
    report({ messageId: 'noName', data: { stage: label(s), name: s.name ? 'an empty name' : 'no name attribute' }, range: s.name?.range ?? el.nameRange });
  }
  for (const child of ['action', 'process'] as const) {
    if (stageChildren(el, child).length) continue;
    report({ messageId: child === 'action' ? 'noAction' : 'noProcess', data: { stage: label(s) }, range: el.nameRange, severity: 'warn' });
  }
  for (const proc of stageChildren(el, 'process')) {
    for (const issue of numberingIssues(numberedLines(doc.text, ownText(proc, doc.xml.opaque)))) {
      const n = issue.step.value;
      const prev = issue.previous;
      const prevLine = prev ? doc.lines.position(prev.range.start).line : 0;
      const data: Record<string, string | number> = { step: n, stage: label(s), previousLine: prevLine, next: n + 1 };
      if (prev) {
        data['previous'] = prev.value;
        data['afterPrevious'] = prev.value + 1;
        data['missing'] = n - prev.value === 2 ? `step ${prev.value + 1}` : `steps ${prev.value + 1}-${n - 1}`;
      }
      report({ messageId: `steps-${issue.kind}`, data, range: issue.step.range, severity: 'warn' });
    }
  }
}

/** What a workflow's stages say together: a name used twice, ids that do not ascend. */
function checkWorkflow(lines: LineIndex, report: Report, wf: StageWorkflow): void {
  const names = new Map<string, Stage>();
  let prev: { stage: Stage; parts: number[] } | undefined;
  for (const s of wf.stages) {
    const name = s.name?.value?.trim();
    if (name) {
      const first = names.get(name);
      if (first) {
        report({
          messageId: 'duplicateName',
          data: { name: quoted(name, 32), workflow: workflowLabel(wf.element), first: at(lines, first.name!.range.start) },
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
        messageId: same ? 'duplicateId' : 'idOrder',
        data: { id: s.id!.value!, previous: label(prev.stage), previousId: prev.stage.id!.value!, at: at(lines, prev.stage.id!.range.start) },
        range: s.id!.valueRange ?? s.id!.range,
        severity: 'warn',
      });
    }
    prev = { stage: s, parts };
  }
}

export default defineRule({
  meta: {
    id: 'stage-structure',
    description: 'Each workflow <stage> has a name (error), an <action> and a <process>; names are unique, ids ascend, and process steps run 1, 2, 3 (warnings).',
    severity: 'error',
    messages: {
      noName: {
        message: '{{stage}} has {{name}}',
        help: 'Give each stage a name the workflow can refer to, e.g. name="ValidateReturn".',
      },
      noAction: {
        message: '{{stage}} has no <action>',
        help: 'Expected an <action> that says in one line what the stage does.',
      },
      noProcess: {
        message: '{{stage}} has no <process>',
        help: 'Expected a <process> that lists the steps the stage performs.',
      },
      'steps-start': {
        message: 'the steps of {{stage}} start at {{step}}',
        help: 'Number the steps from 1.',
      },
      'steps-gap': {
        message: 'step {{step}} of {{stage}} follows step {{previous}}, skipping {{missing}}',
        help: 'Step {{previous}} is at line {{previousLine}}: add the missing {{missing}}, or number the steps 1, 2, 3 without gaps.',
      },
      'steps-repeat': {
        message: 'step {{step}} of {{stage}} repeats the number of the step at line {{previousLine}}',
        help: 'Expected {{next}}: number the steps 1, 2, 3 in order.',
      },
      'steps-backwards': {
        message: 'step {{step}} of {{stage}} comes after step {{previous}}',
        help: 'Step {{previous}} is at line {{previousLine}}: expected {{afterPrevious}}, numbering the steps 1, 2, 3 in order.',
      },
      duplicateName: {
        message: 'stage name {{name}} is used twice in {{workflow}}',
        help: 'The first is at {{first}}: give each stage its own name.',
      },
      duplicateId: {
        message: 'stage id {{id}} repeats the id of {{previous}}',
        help: 'That stage is at {{at}}: ids must ascend in workflow order.',
      },
      idOrder: {
        message: 'stage id {{id}} comes after id {{previousId}}',
        help: 'Id {{previousId}}, of {{previous}}, is at {{at}}: ids must ascend in workflow order.',
      },
    },
  },
  check({ doc, report }) {
    // Both passes read the XML view and the line index only for a file that has stages.
    for (const s of doc.stages) checkStage(doc, report, s);
    for (const wf of stageWorkflows(doc.stages)) checkWorkflow(doc.lines, report, wf);
  },
});
