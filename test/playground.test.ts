/**
 * The playground in real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * built into a temporary folder, served from 127.0.0.1 by the test, opened with links whose
 * hash holds the project. Skips where no chromium is installed. The screenshot goes to
 * test-results/playground/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT } from './helpers/verifier-spec.js';
import { launch, serve, whyNoBrowser } from '../playground/harness.mjs';
import { encodeState } from '../playground/state.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(ROOT, 'test-results/playground');
const noBrowser = whyNoBrowser();

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

  async function open(url: string): Promise<Page> {
    const page = await context.newPage();
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
});
