#!/usr/bin/env node
/**
 * Benchmark of the playground (run by `npm run bench` after the CLI's): builds the page into a
 * temporary folder, then prints
 * - the size of its JavaScript, gzipped (target: under 600 KB);
 * - the time to first findings: from navigation start to the sample project's findings shown,
 *   in Debian's chromium over a 127.0.0.1 server, each run a fresh page with no HTTP cache
 *   (median of --runs, default 5; target: 300 ms). Skipped, with a note, without chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, serve, whyNoBrowser } from '../playground/harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = args[0] === '--runs' ? Number(args[1]) : 5;
const SIZE_TARGET_KB = 600;
const TIME_TARGET_MS = 300;

const site = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-playground-bench-'));
try {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/build/playground.js'), site], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) {
    console.log(`playground: the build failed (run npm run build first)\n${built.stderr}`);
    process.exit(1);
  }
  let raw = 0;
  let gz = 0;
  for (const f of readdirSync(site).filter((n) => n.endsWith('.js'))) {
    const bytes = readFileSync(path.join(site, f));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  const kb = (n) => (n / 1024).toFixed(0);
  console.log(`playground JavaScript: ${kb(raw)} KB, ${kb(gz)} KB gzipped (target under ${SIZE_TARGET_KB} KB: ${gz / 1024 < SIZE_TARGET_KB ? 'met' : 'NOT met'})`);

  const why = whyNoBrowser();
  if (why) {
    console.log(`playground first findings: skipped, ${why}`);
  } else {
    const server = await serve(site);
    const browser = await launch();
    try {
      const times = [];
      const starts = [];
      const lints = [];
      for (let i = 0; i < runs + 1; i++) {
        const page = await browser.context.newPage();
        await page.goto(server.url);
        await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
        const [ms, start, lint] = await page.evaluate(() => [document.body.dataset.firstFindingsMs, document.body.dataset.scriptStartMs, document.body.dataset.firstLintMs].map(Number));
        await page.close();
        // The first run starts the browser's own machinery: not counted.
        if (i > 0) times.push(ms), starts.push(start), lints.push(lint);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      starts.sort((a, b) => a - b);
      lints.sort((a, b) => a - b);
      console.log(`playground first findings: median ${median} ms (the page's code starts at ${starts[Math.floor(starts.length / 2)]} ms, the first lint takes ${lints[Math.floor(lints.length / 2)]} ms) over ${runs} loads (min ${times[0]}, max ${times[times.length - 1]}; target ${TIME_TARGET_MS} ms: ${median <= TIME_TARGET_MS ? 'met' : 'NOT met'})`);
    } finally {
      await browser.close();
      await server.close();
    }
  }
} finally {
  rmSync(site, { recursive: true, force: true });
}
