/** Shared by the Node and the in-memory `ProjectFiles` (src/util/project-files.ts, src/browser/memory-files.ts). */

/** The top-level keys of the frontmatter a text opens with (null: none). */
export function frontmatterKeysOf(head: string): string[] | null {
  const lines = head.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!/^---[ \t]*$/.test(lines[0] ?? '')) return null;
  const keys: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^---[ \t]*$/.test(line)) break;
    const m = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(line);
    if (m) keys.push(m[1]!);
  }
  return keys;
}
