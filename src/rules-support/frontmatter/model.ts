/**
 * `model`: Claude Code takes an alias (sonnet, opus, haiku, inherit, any case; newer aliases
 * exist) or a full model id, and never should a full id be rejected; OpenCode takes
 * `provider/model-id`. Only values that cannot be either are reported.
 */
import type { FrontmatterField } from '../../model/frontmatter.js';
import { MODEL_ALIASES, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import { typeAndValue, wrongValue, type Finding } from './finding.js';

export function checkModel(kind: FrontmatterKind, field: FrontmatterField): Finding[] {
  const v = field.value;
  const at = field.valueRange;
  if (v === null || v === undefined) return [];
  if (typeof v !== 'string') return [wrongValue('type', '`model`', typeAndValue(v), 'a string', at)];
  const m = v.trim();
  if (!m) return [{ messageId: 'model-empty', range: at, warn: true }];
  if (kind.startsWith('opencode')) {
    if (!m.includes('/')) return [{ messageId: 'model-opencode', data: { model: m }, range: at, warn: true }];
    return [];
  }
  if (/\s/.test(m)) return [{ messageId: 'model', data: { model: m, aliases: MODEL_ALIASES.join(', ') }, range: at, warn: true }];
  return [];
}
