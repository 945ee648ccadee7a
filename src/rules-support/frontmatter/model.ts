/**
 * `model`: Claude Code takes an alias (sonnet, opus, haiku, inherit, any case; newer aliases
 * exist) or a full model id, and never should a full id be rejected; OpenCode takes
 * `provider/model-id`. Only values that cannot be either are reported.
 */
import type { FrontmatterField } from '../../model/frontmatter.js';
import { MODEL_ALIASES, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import { typeAndValue, type Finding } from './finding.js';

export function checkModel(kind: FrontmatterKind, field: FrontmatterField): Finding[] {
  const v = field.value;
  const range = field.valueRange;
  if (v === null || v === undefined) return [];
  if (typeof v !== 'string') return [{ messageId: 'type', data: { name: 'model', value: typeAndValue(v), expected: 'a string' }, range }];
  const model = v.trim();
  if (!model) return [{ messageId: 'model-empty', range, warn: true }];
  if (kind.startsWith('opencode')) return model.includes('/') ? [] : [{ messageId: 'model-opencode', data: { model }, range, warn: true }];
  if (/\s/.test(model)) return [{ messageId: 'model-display-name', data: { model, aliases: MODEL_ALIASES.join(', ') }, range, warn: true }];
  return [];
}
