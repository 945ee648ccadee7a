/**
 * The XML view (tags, elements, recovery), the stage view and step numbering, on small texts
 * written for the purpose; and the time the parser takes on hostile input.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import { ownText, stageWorkflows } from '../src/model/stages.js';
import { numberedLines, numberingIssues } from '../src/model/steps.js';
import type { XmlElement } from '../src/model/xml/types.js';
import { ALL_RULES } from '../rules/index.js';
import { reportText } from '../src/engine/rule.js';
import type { ReportDescriptor } from '../src/types.js';

function doc(text: string, relPath = '.opencode/command/x.md'): DocumentModel {
  return new DocumentModel({ filePath: `/p/${relPath}`, relPath, kind: 'command', text });
}

function names(text: string): string[] {
  return doc(text).xml.elements.map((e) => e.name);
}

function outline(e: XmlElement): string {
  return e.children.length ? `${e.name}(${e.children.map(outline).join(' ')})` : e.name;
}

describe('tags', () => {
  it.each([
    ['<stage id="1" name="A">x</stage>', ['stage']],
    ['<stage\n  id="1"\n  name="A">x</stage>', ['stage']],
    ['<checkpoint/> and <br> and <img src="a.png">', ['checkpoint', 'br', 'img']],
    ['<Page x:DataType="vm:Main" xmlns:vm="clr">x</Page>', ['Page']],
    ['a < b, a <= b, a <b and 1 <2', []],
    ['Array<string> and Map<K, V> and List<int>', []],
    ['see <https://example.com/x> or <a@b.io>', []],
    ['cat <<EOF\nline one\nEOF', []],
    ['diff <(sort a) <(sort b) 2>/dev/null', []],
    ['sort <in.txt >out.txt; grep x <<< "$v"; done < input', []],
    ['`<stage>` and ``<a>`b`</a>``', []],
    ['<!-- <stage> --> <![CDATA[<x>]]> <?xml version="1.0"?> <!DOCTYPE x>', []],
    ['<stage name="a<b">', []],
    ['<word\n\nmore>', []],
    ['<word\nnext line words>', []],
  ])('%j -> %j', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('keeps attributes with their ranges and quoting', () => {
    const text = `<stage id=1 name='B' flag name="C">`;
    const [el] = doc(text + '</stage>').xml.elements;
    expect(el!.attributes.map((a) => [a.name, a.value, a.quote, text.slice(a.range.start, a.range.end)])).toEqual([
      ['id', '1', 'unquoted', 'id=1'],
      ['name', 'B', "'", "name='B'"],
      ['flag', null, 'none', 'flag'],
      ['name', 'C', '"', 'name="C"'],
    ]);
    const issues = doc(text + '</stage>').xml.problems.map((p) => (p.kind === 'attribute' ? `${p.issue}:${p.attribute.name}` : p.kind));
    expect(issues).toEqual(['unquoted:id', 'no-value:flag', 'duplicate:name']);
  });

  it('reads only xml fences, each on its own', () => {
    const text = [
      '<workflow>',
      '```xml',
      '<stage name="A"><action>a</action></stage>',
      '```',
      '```markdown',
      '<stage name="Example">',
      '```',
      '```',
      '<process_flow> in a plain fence',
      '```',
      '</workflow>',
    ].join('\n');
    const d = doc(text);
    expect(d.xml.roots.map(outline)).toEqual(['workflow', 'stage(action)']);
    expect(d.xml.problems).toEqual([]);
    expect(d.stages.map((s) => [s.name?.value, s.workflow])).toEqual([['A', null]]);
  });

  it('takes inline placeholders for text, not for elements', () => {
    expect(names('<process>\n1. Run /research <task_number> now\n2. Write <name>.md\n</process>')).toEqual(['process']);
    // A mention of a tag in prose, even of one used as an element elsewhere, is text.
    const d = doc('<process>x</process>\n<process>\n- Each stage has an <action> and a <process>\n</process>');
    expect(d.xml.roots.map(outline)).toEqual(['process', 'process']);
    expect(d.xml.problems).toEqual([]);
    // Closed on the same line, an element in prose is an element.
    expect(names('<process>\n1. Parse it <note>carefully</note> now\n</process>')).toEqual(['process', 'note']);
    // With attribute values it is markup, wherever it stands.
    expect(doc('Call <invoke name="x">\n').xml.problems.map((p) => p.kind)).toEqual(['unclosed']);
    // On a line of its own a forgotten close tag is an error, not a placeholder.
    expect(doc('<stage name="A">\n  <checkpoint>Done\n</stage>').xml.problems.map((p) => p.kind)).toEqual(['unclosed']);
  });
});

describe('elements', () => {
  it('has positions for tags, content and attributes', () => {
    const text = 'x\n<stage id="1" name="Parse">\n  <action>Parse</action>\n</stage>\n';
    const d = doc(text);
    const [stage, action] = d.xml.elements;
    expect(text.slice(stage!.openRange.start, stage!.openRange.end)).toBe('<stage id="1" name="Parse">');
    expect(text.slice(stage!.closeRange!.start, stage!.closeRange!.end)).toBe('</stage>');
    expect(text.slice(action!.contentRange.start, action!.contentRange.end)).toBe('Parse');
    expect(text.slice(stage!.nameRange.start, stage!.nameRange.end)).toBe('stage');
    const name = stage!.attributes[1]!;
    expect(text.slice(name.valueRange!.start, name.valueRange!.end)).toBe('Parse');
    expect(action!.parent).toBe(stage);
  });

  it('closes the elements left open inside an element closed later', () => {
    const d = doc('<stage>\n<action>a\n<process>b\n</stage>\n<next/>');
    expect(d.xml.roots.map(outline)).toEqual(['stage(action(process))', 'next']);
    const p = d.xml.problems.map((x) => (x.kind === 'unclosed' ? `${x.element.name} by ${x.closedBy?.name}` : x.kind));
    expect(p).toEqual(['process by stage', 'action by stage']);
  });

  it('reports a stray close tag once, not again for the element it left open', () => {
    const d = doc('<workflow><stage><process>1. a</proces></stage></workflow>');
    expect(d.xml.problems.map((p) => p.kind)).toEqual(['stray-close']);
    expect(d.xml.roots.map(outline)).toEqual(['workflow(stage(process))']);
  });

  it('reports elements open at the end of their region', () => {
    const d = doc('<workflow_execution>\n<stage name="A"></stage>\n');
    expect(d.xml.problems.map((p) => (p.kind === 'unclosed' ? `${p.element.name} at end: ${p.closedBy === null}` : p.kind))).toEqual([
      'workflow_execution at end: true',
    ]);
  });
});

describe('stages', () => {
  it('finds the enclosing workflow of each stage and groups them', () => {
    const d = doc(
      '<workflow_execution>\n<stage id="1" name="A"/>\n<stage id="2" name="B"/>\n</workflow_execution>\n' +
        '<error_handling><stage name="C"/></error_handling>\n<stage name="D"/>',
    );
    expect(d.stages.map((s) => [s.name?.value, s.workflow?.name ?? null])).toEqual([
      ['A', 'workflow_execution'],
      ['B', 'workflow_execution'],
      ['C', 'error_handling'],
      ['D', null],
    ]);
    expect(stageWorkflows(d.stages).map((w) => w.stages.length)).toEqual([2, 1, 1]);
  });

  it('gives the own text of a process without child elements and code', () => {
    const text = '<process>\n1. a\n<note>2. no</note>\n```bash\n3. no\n```\n2. b\n</process>';
    const d = doc(text);
    const proc = d.xml.elements[0]!;
    const own = ownText(proc, d.xml.opaque).map((r) => text.slice(r.start, r.end)).join('|');
    expect(own).toBe('\n1. a\n|\n|\n2. b\n');
  });
});

describe('step numbering', () => {
  const issues = (body: string) => {
    const steps = numberedLines(body, [{ start: 0, end: body.length }]);
    return numberingIssues(steps).map((i) => `${i.kind}:${i.step.value}`);
  };
  it.each([
    ['1. a\n2. b\n3. c', []],
    ['1. a\n2. b\n4. c', ['gap:4']],
    ['2. a\n3. b', ['start:2']],
    ['1. a\n2. b\n2. c', ['repeat:2']],
    ['1. a\n3. b\n2. c', ['gap:3', 'backwards:2']],
    ['0. a\n1. b', []],
    ['1. a\n1. b\n1. c', []],
    ['1. a\n   1. x\n   3. y\n2. b', []],
    ['1. a\n   a. x\n   b. y\n2. b', []],
    ['  1. a\n  2. b\n   3. c', []],
    ['If x:\n  1. a\n  2. b\nIf y:\n  1. c', []],
    ['1) a\r\n2) b\r\n4) c', ['gap:4']],
    ['1.5 is a number, not a step\n2025. was a year', ['start:2025']],
  ])('%j -> %j', (body, expected) => {
    expect(issues(body)).toEqual(expected);
  });
});

describe('speed', () => {
  const stageRules = ALL_RULES.filter((r) => r.meta.id.startsWith('stage-'));
  const time = (text: string) => {
    const t0 = performance.now();
    const d = doc(text);
    void d.xml.problems.length;
    let n = 0;
    for (const rule of stageRules) rule.check!({ doc: d, project: {} as never, profile: {} as never, options: {}, report: () => n++ });
    return performance.now() - t0;
  };
  // Linear time: 4 times the input may take about 4 times as long, never 16 (quadratic);
  // the bounds leave room for a loaded machine.
  it.each([
    ['unclosed stages', (n: number) => '<stage name="x">\n'.repeat(n)],
    ['nested stages with processes and fences', (n: number) => '<stage name="ReceiveResults"><process>\n1. Wait for the agent\n```sh\nx\n```\n'.repeat(n)],
    ['stages with step gaps', (n: number) => '<workflow>' + '<stage id="1" name="A"><action>a</action><process>\n1. x\n3. y\n</process></stage>\n'.repeat(n) + '</workflow>'],
    ['unclosed workflow tags', (n: number) => '<stage name="a"/>' + '<workflow_execution>\n'.repeat(n)],
    ['unclosed tags closed by one outer close tag', (n: number) => '<stage name="a"/><workflow>' + '<a>'.repeat(n) + '</workflow>'],
    ['stray close tags', (n: number) => '<stage name="a"/>' + '</stage>\n'.repeat(n)],
    ['alternating mismatches', (n: number) => '<stage name="a"/>' + '<a><b></a>'.repeat(n)],
    ['tag starts that never end', (n: number) => '<stage name="a"/>' + '<a b c d e f '.repeat(n)],
    ['quotes full of tag starts', (n: number) => '<stage name="a"/>' + '<a x="'.repeat(n)],
    ['backtick runs', (n: number) => '<stage name="a"/>' + '`a ``b ```c '.repeat(n)],
    ['one long line of mentions', (n: number) => '<stage name="a"/>' + 'use <x> and </y> '.repeat(n)],
  ])('%s', (_label, make) => {
    time(make(1000)); // warm up
    const small = time(make(5000));
    const large = time(make(20000));
    expect(large).toBeLessThan(3000);
    expect(large).toBeLessThan(10 * small + 150);
  });
});

describe('stage-xml-wellformed fix', () => {
  it('quotes an unquoted attribute', () => {
    const text = '<stage id=1 name="A">\n  <action>a</action>\n  <process>1. b</process>\n</stage>\n';
    const rule = ALL_RULES.find((r) => r.meta.id === 'stage-xml-wellformed')!;
    const run = (t: string) => {
      const out: ReportDescriptor[] = [];
      rule.check!({ doc: doc(t), project: {} as never, profile: {} as never, options: {}, report: (d) => out.push(d) });
      return out;
    };
    const messages = run(text);
    expect(messages.map((m) => reportText(rule.meta, m))).toEqual([{ message: 'attribute id=1 of <stage> is not quoted', help: 'XML attribute values are quoted: write id="1".' }]);
    const [a, b] = messages[0]!.fix!.range;
    const fixed = text.slice(0, a) + messages[0]!.fix!.text + text.slice(b);
    expect(fixed.startsWith('<stage id="1" name="A">')).toBe(true);
    expect(run(fixed)).toEqual([]);
  });
});
