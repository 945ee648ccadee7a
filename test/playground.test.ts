/**
 * The playground in real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * built into a temporary folder, served from 127.0.0.1 by the test, opened with links whose
 * hash holds the project. Skips where no chromium is installed. Screenshots go to a folder of the
 * system's temporary directory (agent-lint-playground/), never into the repository.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT } from './helpers/verifier-spec.js';
import { launch, serve, whyNoBrowser } from '../playground/harness.mjs';
import { decodeState, encodeState } from '../playground/state.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(os.tmpdir(), 'agent-lint-playground');
const SAMPLE = path.join(ROOT, 'fixtures/sample-project');
const noBrowser = whyNoBrowser();

/** The command line's output for these arguments. */
function cli(...args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli/bin.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
  return r.stdout;
}

/** The sample project's spec files, as the playground loads them. */
const sampleFiles = () =>
  ['agents/report-writer.md', 'agents/researcher.md', 'agents/source-verifier.md', 'commands/research.md', 'skills/citation-style/SKILL.md'].map((rel) => ({
    path: `.claude/${rel}`,
    text: readFileSync(path.join(SAMPLE, '.claude', rel), 'utf8'),
  }));

/**
 * A project whose graph has an edge over three layers (run -> worker, past planner and analyst),
 * a cycle (worker -> planner goes up), an edge only a delegation_path example shows (run ->
 * reporter), a built-in target, a missing one and a skill.
 */
const agent = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} things. Use when asked.\n---\n\nDelegate with a 3600s timeout:\n\n${body}\n`;
const call = (target: string) => `task(subagent_type="${target}", prompt="go" + JSON_FORMAT_INSTRUCTION)`;
const GRAPH_PROJECT = [
  { path: '.claude/commands/run.md', text: `---\ndescription: Run the pipeline\n---\n\nDelegate with a 3600s timeout:\n\n${call('planner')}\n${call('worker')}\n${call('general-purpose')}\n\nThe report chain:\n\n\`\`\`json\n{"delegation_path": ["orchestrator", "run", "reporter"]}\n\`\`\`\n` },
  { path: '.claude/agents/planner.md', text: agent('planner', call('analyst')) },
  { path: '.claude/agents/analyst.md', text: agent('analyst', call('worker')) },
  { path: '.claude/agents/worker.md', text: agent('worker', `${call('planner')}\n${call('ghost')}`) },
  { path: '.claude/agents/reporter.md', text: agent('reporter', 'Nothing.') },
  { path: '.claude/skills/style/SKILL.md', text: '---\nname: style\ndescription: House style. Use when writing.\n---\n\nWrite plainly.\n' },
];

/** The pieces of an edge's path that cross a node's box other than its own two ends. */
function edgesThroughBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // In the page's pixels, whatever transforms the SVG has.
    const boxes = [...document.querySelectorAll<SVGGElement>('#graph g.node')].map((g) => {
      const r = g.querySelector('rect')!.getBoundingClientRect();
      return { id: g.dataset['id']!, x: r.x, y: r.y, w: r.width, h: r.height };
    });
    // Whether the segment p-q enters the box's inside (Liang-Barsky clipping, half a unit in).
    const crosses = (p: DOMPoint, q: DOMPoint, b: (typeof boxes)[number]) => {
      const [x0, y0, x1, y1] = [b.x + 0.5, b.y + 0.5, b.x + b.w - 0.5, b.y + b.h - 0.5];
      let [t0, t1] = [0, 1];
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      for (const [num, den] of [[p.x - x0, -dx], [x1 - p.x, dx], [p.y - y0, -dy], [y1 - p.y, dy]] as const) {
        if (den === 0) {
          if (num < 0) return false;
        } else if (den < 0) t0 = Math.max(t0, num / den);
        else t1 = Math.min(t1, num / den);
      }
      return t0 < t1;
    };
    const out: string[] = [];
    for (const g of document.querySelectorAll<SVGGElement>('#graph g.edge')) {
      const path = g.querySelector('path')!;
      const len = path.getTotalLength();
      const toPage = path.getScreenCTM()!;
      const points = Array.from({ length: Math.ceil(len) + 1 }, (_, i) => path.getPointAtLength(Math.min(i, len)).matrixTransform(toPage));
      for (const b of boxes) {
        if (b.id === g.dataset['from'] || b.id === g.dataset['to']) continue;
        const at = points.findIndex((p, i) => i > 0 && crosses(points[i - 1]!, p, b));
        if (at !== -1) out.push(`${g.dataset['from']} -> ${g.dataset['to']} crosses ${b.id} at (${Math.round(points[at]!.x)}, ${Math.round(points[at]!.y)})`);
      }
    }
    return out;
  });
}

const COMMAND = `---
description: Research a topic and verify its sources
---

Delegate the check with a 3600s timeout:

task(subagent_type="verifier", prompt="check the sources" + JSON_FORMAT_INSTRUCTION)
`;

const link = (base: string, files: Array<{ path: string; text: string }>) => `${base}#${encodeState({ files, standard: 'v2', rules: {} })}`;

describe.skipIf(noBrowser !== null)('the playground in headless Chromium', () => {
  let site: string;
  let server: Awaited<ReturnType<typeof serve>>;
  let browser: Awaited<ReturnType<typeof launch>>;
  let context: BrowserContext;

  beforeAll(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-playground-'));
    const built = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/build/playground.js'), site], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    server = await serve(site);
    browser = await launch();
    context = browser.context;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  async function open(url: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
    expect(errors).toEqual([]);
    return page;
  }

  it('shows the depth/path mismatch of a linked spec at its line, inline and in the list; its suggestion makes it go', async () => {
    const page = await open(link(server.url, [{ path: '.claude/agents/verifier.md', text: AGENT }]));
    const finding = page.locator('li.finding[data-rule="depth-path-mismatch"]');
    await expect.poll(() => finding.count()).toBe(1);
    expect(await finding.getAttribute('data-line')).toBe('18');
    expect(await finding.locator('.where').textContent()).toBe('.claude/agents/verifier.md:18:25');
    expect(await finding.locator('a.rule').getAttribute('href')).toMatch(/docs\/rules\/depth-path-mismatch\.md$/);
    // Inline: an underline at the depth and a marker in the gutter; the message and the rule id on hover.
    const underline = page.locator('.cm-lintRange-error');
    expect(await underline.count()).toBe(1);
    expect(await underline.textContent()).toBe('2');
    expect(await page.locator('.cm-lint-marker-error').count()).toBe(1);
    await underline.hover();
    const tip = page.locator('.cm-tooltip-lint');
    await tip.waitFor({ timeout: 10_000 });
    expect(await tip.textContent()).toMatch(/delegation_depth is 2 but delegation_path has 3 entries.*depth-path-mismatch/);

    // The rule cannot know whether the depth or the path is wrong: it suggests, it does not fix.
    expect(await finding.locator('button.edit.fix').count()).toBe(0);
    const suggestion = finding.locator('button.edit.suggestion');
    expect(await suggestion.allTextContents()).toEqual(["Set delegation_depth to 1 (the path's length)"]);
    await suggestion.click();
    await expect.poll(() => page.locator('li.finding[data-rule="depth-path-mismatch"]').count()).toBe(0);
    expect(await page.locator('.cm-content').textContent()).toContain('"delegation_depth": 1,');
    // The link follows the edit.
    expect(decodeURIComponent(await page.evaluate(() => location.hash))).toContain('path=.claude/agents/verifier.md');
    await page.close();
  });

  it('draws the edges of a two-file project; a node opens its file; linting goes on offline', async () => {
    const fixed = AGENT.replace('"delegation_depth": 2', '"delegation_depth": 1');
    const page = await open(
      link(server.url, [
        { path: '.claude/commands/research.md', text: COMMAND },
        { path: '.claude/agents/verifier.md', text: fixed },
      ]),
    );
    const edges = await page.locator('#graph g.edge').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-from'), g.getAttribute('data-to'), g.getAttribute('class')]));
    expect(edges).toEqual([['command:research', 'agent:verifier', 'edge']]);
    expect((await page.locator('#graph g.node').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-id')))).sort()).toEqual(['agent:verifier', 'command:research']);

    await page.locator('#graph g.node[data-id="agent:verifier"]').click();
    expect(await page.locator('.tab.current').getAttribute('data-path')).toBe('.claude/agents/verifier.md');

    // Offline: a delegation to an agent that does not exist, typed into the command, is a red edge.
    await context.setOffline(true);
    await page.locator('.tab[data-path=".claude/commands/research.md"]').click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\ntask(subagent_type="ghost", prompt="x" + JSON_FORMAT_INSTRUCTION)\n');
    await expect.poll(() => page.locator('#graph g.edge.bad').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('#graph g.edge.bad').getAttribute('data-to')).toBe('missing:agent:ghost');
    expect(await page.locator('li.finding[data-rule="unknown-delegation-target"]').count()).toBe(1);
    await context.setOffline(false);

    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT, 'two-file-project.png') });
    await page.close();
  });

  it('loads the sample project when the hash is empty; the settings change the findings and the link', async () => {
    const page = await open(server.url);
    const tabs = await page.locator('.tab[data-path]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-path')));
    expect(tabs).toEqual([
      '.claude/agents/report-writer.md',
      '.claude/agents/researcher.md',
      '.claude/agents/source-verifier.md',
      '.claude/commands/research.md',
      '.claude/skills/citation-style/SKILL.md',
    ]);
    expect(await page.locator('li.finding[data-rule="depth-path-mismatch"]').count()).toBe(1);
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT, 'sample-project.png') });

    // Settings: a rule turned off goes from the list and into the link; so does the profile.
    await page.locator('#settings summary').click();
    await page.locator('select[data-rule="depth-path-mismatch"]').selectOption('off');
    await expect.poll(() => page.locator('li.finding[data-rule="depth-path-mismatch"]').count()).toBe(0);
    expect(await page.locator('#standard option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['auto', 'v2', 'v1', 'bounded', 'none']);
    expect(await page.locator('#standard').inputValue()).toBe('auto');
    await page.locator('#standard').selectOption('v1');
    await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toMatch(/&standard=v1&rules=depth-path-mismatch:off$/);
    await page.close();
  });

  it('judges a project by its own format documents among its files, as the CLI does', async () => {
    const doc = '# Return Metadata File\n\nAgents write `specs/{N}/.return-meta.json`.\n\n```json\n{"status": "researched|failed", "artifacts": [], "metadata": {"session_id": "s", "agent_type": "a"}}\n```\n\nNever use `"completed"` as a status.\n';
    const agent = (status: string) => `---\nname: researcher\ndescription: Researches\n---\n\nLoad @.claude/context/return-metadata-file.md.\n\nWrite \`specs/{N}/.return-meta.json\`:\n\n\`\`\`json\n{"status": "${status}", "artifacts": [], "metadata": {"session_id": "sess_1767225600_q7x2m9", "agent_type": "researcher"}}\n\`\`\`\n`;
    const files = [
      { path: '.claude/context/return-metadata-file.md', text: doc },
      { path: '.claude/agents/researcher.md', text: agent('completed') },
    ];
    const page = await open(link(server.url, files).replace('standard=v2', 'standard=auto'));
    // The document forbids "completed"; its metadata file needs no summary (the standard's would).
    await expect.poll(() => page.locator('li.finding').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-rule')))).toEqual(['forbidden-value']);
    await page.close();
  });

  it("shows each finding's help and its rule's docs link, in the list and on hover, as the command line reports them", async () => {
    const page = await open(server.url);
    const expected = (JSON.parse(cli(SAMPLE, '-f', 'json')) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number; help?: string }> }>)
      .flatMap((r) => r.messages.map((m) => ({ where: `${path.relative(SAMPLE, r.filePath)}:${m.line}:${m.column}`, rule: m.ruleId, help: m.help ?? null })))
      .map((m) => ({ ...m, docs: `https://github.com/agent-lint/agent-lint/blob/main/docs/rules/${m.rule}.md` }));
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.every((m) => m.help)).toBe(true);
    const shown = await page.locator('li.finding').evaluateAll((ls) =>
      ls.map((l) => ({ where: l.querySelector('.where')!.textContent, rule: l.dataset['rule'], help: l.querySelector('.help')?.textContent ?? null, docs: l.querySelector<HTMLAnchorElement>('a.rule')!.href })),
    );
    const order = (xs: typeof expected) => [...xs].sort((a, b) => (a.where + a.rule < b.where + b.rule ? -1 : 1));
    expect(order(shown as typeof expected)).toEqual(order(expected));

    // On hover: the message, the help and the rule's docs link (report-writer.md is open).
    const first = expected.find((m) => m.where.startsWith('.claude/agents/report-writer.md'))!;
    await page.locator('.cm-lintRange-error').first().hover();
    const tip = page.locator('.cm-tooltip-lint');
    await tip.waitFor({ timeout: 10_000 });
    expect(await tip.locator('.help').textContent()).toBe(first.help);
    expect(await tip.locator('a.rule').getAttribute('href')).toBe(first.docs);
    expect(await tip.locator('a.rule').textContent()).toBe(first.rule);
    await page.close();
  });

  it("applies a fix for another file on that file's tab", async () => {
    const page = await open(server.url);
    expect(await page.locator('.tab.current').getAttribute('data-path')).toBe('.claude/agents/report-writer.md');
    const [result] = (JSON.parse(cli(path.join(SAMPLE, '.claude/agents/researcher.md'), '-f', 'json')) as Array<{ messages: Array<{ ruleId: string; fix?: { range: [number, number]; text: string } }> }>);
    const fix = result!.messages.find((m) => m.ruleId === 'missing-json-format-instruction')!.fix!;
    const before = readFileSync(path.join(SAMPLE, '.claude/agents/researcher.md'), 'utf8');
    const after = before.slice(0, fix.range[0]) + fix.text + before.slice(fix.range[1]);

    await page.locator('li.finding[data-rule="missing-json-format-instruction"] button.edit.fix').click();
    expect(await page.locator('.tab.current').getAttribute('data-path')).toBe('.claude/agents/researcher.md');
    await expect.poll(() => page.locator('li.finding[data-rule="missing-json-format-instruction"]').count()).toBe(0);
    const files = decodeState(await page.evaluate(() => location.hash))!.files;
    expect(files.find((f) => f.path === '.claude/agents/researcher.md')!.text).toBe(after);
    expect(await page.locator('.cm-content').textContent()).toBe(after.replace(/\n/g, ''));
    await page.close();
  });

  it('draws the graph with no edge through a node, the dashed edges and the colours of the Mermaid graph', async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-graph-'));
    try {
      for (const f of GRAPH_PROJECT) {
        mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
        writeFileSync(path.join(dir, f.path), f.text);
      }
      const mermaid = cli('graph', dir);
      const classes = new Map([...mermaid.matchAll(/classDef (\w+) (.+)$/gm)].map((m) => [m[1]!, Object.fromEntries(m[2]!.split(',').map((kv) => kv.split(':') as [string, string]))]));
      const labels = new Map([...mermaid.matchAll(/^\s+(n\d+)[[({]+"([^"]+)"/gm)].map((m) => [m[1]!, m[2]!.replace(/ \((built-in|missing agent)\)$/, '')]));
      const arrows = [...mermaid.matchAll(/^\s+(n\d+) (-->|-\.->)(?:\|"[^"]*"\|)? (n\d+)$/gm)].map((m) => ({ from: labels.get(m[1]!)!, to: labels.get(m[3]!)!, dashed: m[2] === '-.->' }));
      expect(classes.size).toBe(5);
      expect(arrows.length).toBe(8);

      const page = await open(link(server.url, GRAPH_PROJECT));
      const nodes = await page.locator('#graph g.node').evaluateAll((gs) =>
        gs.map((g) => {
          const rect = getComputedStyle(g.querySelector('rect')!);
          return { id: g.dataset['id']!, kind: [...g.classList].find((c) => c.startsWith('kind-'))!.slice(5), label: g.querySelector('text')!.textContent!, fill: rect.fill, stroke: rect.stroke, dash: rect.strokeDasharray, text: getComputedStyle(g.querySelector('text')!).fill };
        }),
      );
      expect(nodes.map((n) => n.kind).sort()).toEqual(['agent', 'agent', 'agent', 'agent', 'builtin', 'command', 'missing', 'skill']);
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      for (const n of nodes) {
        const c = classes.get(n.kind)!;
        expect({ kind: n.kind, fill: n.fill, stroke: n.stroke, text: n.text, dash: n.dash.replace(/px|,/g, '') }).toEqual({ kind: n.kind, fill: rgb(c['fill']!), stroke: rgb(c['stroke']!), text: rgb(c['color']!), dash: c['stroke-dasharray'] ?? 'none' });
      }
      // The same edges as the command line's; dashed where the Mermaid is (only an example shows
      // it) and where the page finds them bad (red).
      const label = new Map(nodes.map((n) => [n.id, n.label]));
      const edges = await page.locator('#graph g.edge').evaluateAll((gs) =>
        gs.map((g) => ({ from: g.dataset['from']!, to: g.dataset['to']!, cls: g.getAttribute('class'), dash: getComputedStyle(g.querySelector('path')!).strokeDasharray })),
      );
      const key = (a: { from: string; to: string }) => `${a.from} -> ${a.to}`;
      expect(edges.map((e) => key({ from: label.get(e.from)!, to: label.get(e.to)! })).sort()).toEqual(arrows.map(key).sort());
      expect(edges.filter((e) => e.cls === 'edge example').map((e) => key({ from: label.get(e.from)!, to: label.get(e.to)! }))).toEqual(arrows.filter((a) => a.dashed).map(key));
      for (const e of edges) expect([e.cls, e.dash === 'none']).toEqual([e.cls, e.cls === 'edge']);
      expect(edges.filter((e) => e.cls === 'edge bad').map(key).sort()).toEqual(['agent:analyst -> agent:worker', 'agent:worker -> missing:agent:ghost']);
      // The edge over three layers and the one that goes up pass beside the nodes between.
      expect(await edgesThroughBoxes(page)).toEqual([]);
      await page.locator('#graph').screenshot({ path: path.join(OUTPUT, 'graph.png') });
      await page.close();

      const sample = await open(server.url);
      expect(await sample.locator('#graph g.edge.example').evaluateAll((gs) => gs.map((g) => `${g.dataset['from']} -> ${g.dataset['to']}`))).toEqual(['command:research -> agent:source-verifier']);
      expect(await edgesThroughBoxes(sample)).toEqual([]);
      await sample.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lints the other tools' files by their kinds, and shows a TOML command as plain text", async () => {
    const token = 'ghp_R8x2Kq9LmZ4vT7wY1nB5cD3fH6jP0sA2eU4i';
    const files = [
      { path: '.gemini/commands/deploy.toml', text: `# Deploy the site\ndescription = "Deploy"\nprompt = "Deploy with ${token}"\n` },
      { path: '.cursor/rules/api.mdc', text: '---\nalwaysApply: true\n---\n\n# API\n\nValidate input.\n' },
    ];
    const page = await open(`${server.url}#${encodeState({ files, standard: 'v2', rules: { 'secret-in-spec': 'error' } })}`);
    await expect.poll(() => page.locator('li.finding').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-rule')))).toEqual(['secret-in-spec']);
    const first = await page.locator('.cm-line').first().evaluate((l) => ({ text: l.textContent, bold: [l, ...l.querySelectorAll('*')].some((e) => Number(getComputedStyle(e).fontWeight) > 400) }));
    expect(first).toEqual({ text: '# Deploy the site', bold: false });
    await page.close();
  });

  it('highlights the frontmatter as YAML, not as a heading', async () => {
    const page = await open(server.url);
    const lines = await page.locator('.cm-line').evaluateAll((ls) =>
      ls.slice(0, 6).map((l) => ({
        text: l.textContent,
        bold: [l, ...l.querySelectorAll('*')].some((e) => Number(getComputedStyle(e).fontWeight) > 400 || getComputedStyle(e).textDecorationLine !== 'none'),
        key: l.querySelector('span')?.textContent ?? null,
      })),
    );
    expect(lines.map((l) => l.bold)).toEqual([false, false, false, false, false, false]);
    expect(lines.map((l) => l.key)).toEqual(['---', 'name', 'description', 'tools', 'model', '---']);
    await page.close();
  });

  it('fits 360, 768 and 1280 pixel wide screens: no page overflow, no tab or finding past its box', async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const files = [...sampleFiles(), { path: '.claude/agents/an-agent-with-a-long-name-that-goes-on-and-on-and-on.md', text: '---\nname: x\n---\n' }];
    for (const width of [360, 768, 1280]) {
      const page = await open(link(server.url, files).replace('standard=v2', 'standard=auto'), { width, height: 800 });
      await expect.poll(() => page.locator('li.finding').count()).toBeGreaterThan(6);
      await page.screenshot({ path: path.join(OUTPUT, `sample-project-${width}.png`), fullPage: true });
      const fit = await page.evaluate(() => {
        const over = (el: Element, box: Element) => {
          const [a, b] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
          return a.left < b.left - 0.5 || a.right > b.right + 0.5 || el.scrollWidth > el.clientWidth;
        };
        const tabs = [...document.querySelectorAll('#tabs .tab')];
        const findings = [...document.querySelectorAll('#findings li.finding')];
        return {
          pageWider: document.documentElement.scrollWidth > window.innerWidth,
          tabs: tabs.length,
          tabsOver: tabs.filter((t) => over(t, t.parentElement!)).map((t) => t.textContent),
          findings: findings.length,
          findingsOver: findings.filter((f) => over(f, f.parentElement!) || [...f.children].some((c) => over(c, f))).map((f) => f.textContent),
          stacked: document.querySelector('#right')!.getBoundingClientRect().top >= document.querySelector('#left')!.getBoundingClientRect().bottom,
        };
      });
      expect({ width, ...fit }).toEqual({ width, pageWider: false, tabs: 8, tabsOver: [], findings: fit.findings, findingsOver: [], stacked: width < 800 });
      // The rules' settings open within the screen too.
      await page.locator('#settings summary').click();
      const rules = await page.locator('#rules').boundingBox();
      expect({ width, left: rules!.x >= 0, right: rules!.x + rules!.width <= width, at: rules }).toEqual({ width, left: true, right: true, at: rules });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    }
  });

  it('has a favicon: no request of the page gets a 404', async () => {
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href;
      const img = new Image();
      img.src = href;
      await img.decode();
      return { data: href.startsWith('data:image/svg+xml,'), width: img.naturalWidth };
    });
    expect(icon.data).toBe(true);
    expect(icon.width).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('works the findings by keyboard: Tab reaches the list, ArrowDown moves, Enter jumps to the line', async () => {
    const page = await open(server.url);
    for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.matches('li.finding'))); i++) await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => [...document.querySelectorAll('li.finding')].indexOf(document.activeElement as Element));
    expect(await focused()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(1);
    const target = page.locator('li.finding').nth(1);
    const [file, line] = [await target.getAttribute('data-path'), await target.getAttribute('data-line')];
    expect(file).not.toBe('.claude/agents/report-writer.md');
    await page.keyboard.press('Enter');
    expect(await page.locator('.tab.current').getAttribute('data-path')).toBe(file);
    expect(await page.locator('.cm-lineNumbers .cm-activeLineGutter').textContent()).toBe(line);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    await page.close();
  });
});
