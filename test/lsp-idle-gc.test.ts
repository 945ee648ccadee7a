/**
 * The language server's early collections: at once after work that grew the heap by the margin,
 * when idle after smaller work once the growth adds up, never for growth below the margin, and
 * not at all where V8 gives no collector.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { idleCollector } from '../src/lsp/idle-gc.js';

const MB = 1024 * 1024;
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('collects at once after a burst past the margin, and resets the base', () => {
  let heap = 100 * MB;
  const collect = vi.fn(() => (heap = 110 * MB));
  const c = idleCollector(collect, () => heap);
  heap = 160 * MB;
  c.workDone();
  expect(collect).toHaveBeenCalledTimes(1);
  heap = 150 * MB; // grew 40 MB since the collection: under the margin
  c.workDone();
  vi.advanceTimersByTime(1000);
  expect(collect).toHaveBeenCalledTimes(1);
  expect(c.collections).toBe(1);
});

it('collects when idle once small pieces of work have grown the heap past the margin', () => {
  let heap = 100 * MB;
  const collect = vi.fn(() => (heap = 100 * MB));
  const c = idleCollector(collect, () => heap);
  heap = 130 * MB;
  c.workDone();
  heap = 140 * MB;
  vi.advanceTimersByTime(100);
  c.workDone(); // more work before the idle wait ended: the wait starts again
  heap = 150 * MB;
  vi.advanceTimersByTime(299);
  expect(collect).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(collect).toHaveBeenCalledTimes(1);
});

it('does nothing without a collector', () => {
  const c = idleCollector(undefined, () => 1e12);
  c.workDone();
  vi.advanceTimersByTime(1000);
  expect(c.collections).toBe(0);
});
