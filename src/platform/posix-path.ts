/**
 * POSIX path arithmetic without Node, for the browser build: the part of `node:path` the core
 * uses (`sep`, `isAbsolute`, `join`, `resolve`, `relative`, `dirname`, `basename`), with the
 * same results for POSIX paths. The working directory is `/`.
 */

function normalizeSegments(p: string): string[] {
  const out: string[] = [];
  const abs = p.startsWith('/');
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(seg);
  }
  return out;
}

function normalize(p: string): string {
  if (p === '') return '.';
  const abs = p.startsWith('/');
  const body = normalizeSegments(p).join('/');
  return abs ? '/' + body : body || '.';
}

export const sep = '/';

export const isAbsolute = (p: string): boolean => p.startsWith('/');

export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

export function resolve(...parts: string[]): string {
  let acc = '';
  for (let i = parts.length - 1; i >= 0 && !acc.startsWith('/'); i--) {
    const p = parts[i]!;
    if (p !== '') acc = acc ? `${p}/${acc}` : p;
  }
  if (!acc.startsWith('/')) acc = '/' + acc;
  return '/' + normalizeSegments(acc).join('/');
}

export function relative(from: string, to: string): string {
  const a = normalizeSegments(resolve(from));
  const b = normalizeSegments(resolve(to));
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

export function dirname(p: string): string {
  if (p === '') return '.';
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  const at = trimmed.lastIndexOf('/');
  if (at === -1) return '.';
  if (at === 0) return '/';
  return trimmed.slice(0, at);
}

export function basename(p: string, ext?: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  let base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (ext && base !== ext && base.endsWith(ext)) base = base.slice(0, -ext.length);
  return base;
}
