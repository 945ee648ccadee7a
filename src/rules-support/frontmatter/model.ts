/**
 * `model`: Claude Code takes an alias (sonnet, opus, haiku, inherit, any case; newer aliases
 * exist) or a full model id, and never should a full id be rejected; OpenCode takes
 * `provider/model-id`. Only values that cannot be either are reported.
 */
import type { FrontmatterField } from '../../model/frontmatter.js';
import { MODEL_ALIASES, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { Finding } from './finding.js';
import { show, typeName } from './yaml-nodes.js';

export function checkModel(kind: FrontmatterKind, field: FrontmatterField): Finding[] {
  const v = field.value;
  const at = field.valueRange;
  if (v === null || v === undefined) return [];
  if (typeof v !== 'string') return [{ messageId: 'type', message: `\`model\` is ${typeName(v)} (${show(v)}), expected a string`, range: at }];
  const m = v.trim();
  if (!m) return [{ messageId: 'model', message: '`model` is empty', range: at, warn: true }];
  if (kind.startsWith('opencode')) {
    if (!m.includes('/'))
      return [{ messageId: 'model', message: `\`model\` is "${m}": OpenCode expects provider/model-id (e.g. anthropic/claude-sonnet-4-5)`, range: at, warn: true }];
    return [];
  }
  if (/\s/.test(m)) {
    return [
      {
        messageId: 'model',
        message: `\`model\` is "${m}", which looks like a display name: Claude Code expects an alias (${MODEL_ALIASES.join(', ')}) or a model id without spaces such as claude-sonnet-4-5`,
        range: at,
        warn: true,
      },
    ];
  }
  return [];
}
