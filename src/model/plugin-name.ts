/**
 * What Claude Code calls a plugin, the `<plugin>` of `<plugin>:<agent>`: the `name` of its
 * `.claude-plugin/plugin.json`; for a plugin with no usable manifest that a marketplace lists
 * (`strict: false`), the name of its marketplace entry; else the name of its folder.
 */
export function pluginNameOf(folderName: string, manifest: unknown, entry?: unknown): string {
  return nameIn(manifest) ?? nameIn(entry) ?? folderName;
}

function nameIn(data: unknown): string | undefined {
  const name = data && typeof data === 'object' ? (data as Record<string, unknown>)['name'] : undefined;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}
