/**
 * The config's JSON Schema, generated from the rules' metadata so that editors can complete
 * rule ids and options.
 */
import { optionsSchema, type Rule } from '../engine/rule.js';
import { REPO_URL, ruleDocsUrl } from '../meta.js';
import { ALL_KINDS } from '../model/kinds.js';

export const PRESETS = ['agent-lint:recommended', 'agent-lint:strict'] as const;
const SEVERITY = { enum: ['off', 'warn', 'error', 0, 1, 2], description: 'off, warn or error (0, 1, 2)' };

function ruleEntry(rule: Rule): Record<string, unknown> {
  const options = rule.meta.schema ?? optionsSchema({});
  return {
    description: `${rule.meta.description} (default: ${rule.meta.severity}) ${ruleDocsUrl(rule.meta.id)}`,
    oneOf: [
      SEVERITY,
      { type: 'array', items: [SEVERITY], minItems: 1, maxItems: 1 },
      { type: 'array', items: [SEVERITY, options], minItems: 2, maxItems: 2 },
    ],
  };
}

export function buildConfigSchema(rules: readonly Rule[]): Record<string, unknown> {
  const ruleProps: Record<string, unknown> = {};
  for (const r of [...rules].sort((a, b) => a.meta.id.localeCompare(b.meta.id))) {
    if (!r.meta.internal) ruleProps[r.meta.id] = ruleEntry(r);
  }
  const rulesSchema = { type: 'object', properties: ruleProps, additionalProperties: false, description: 'Rule severities and options: "off" | "warn" | "error", or [severity, options].' };
  const kind = { enum: [...ALL_KINDS], description: 'Treat the matched files as this kind of spec (or of JSON file: a plugin or marketplace manifest, hooks, settings, MCP servers).' };
  const globs = { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
  const returnFormat = {
    type: 'string',
    minLength: 1,
    description:
      "The project's own return format, instead of the standard's: a JSON Schema file (.json) or a markdown format document (.md) whose ```json template declares it, relative to the config file's folder. Default: the format document the project's specs reference, if they reference one.",
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${REPO_URL}/raw/main/docs/config.schema.json`,
    title: 'agent-lint configuration',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      extends: {
        description: 'Presets to start from (default: agent-lint:recommended).',
        oneOf: [{ enum: [...PRESETS] }, { type: 'array', items: { enum: [...PRESETS] } }],
      },
      standard: {
        enum: ['v2', 'v1', 'bounded'],
        description: 'The delegation standard profile: v2 (Delegation Standard 2.0), v1 (Return Format 1.0) or bounded. Setting it also marks the project as using the standard.',
      },
      usesStandard: {
        type: 'boolean',
        description: 'Force whether the project uses the delegation standard (default: detected from its files).',
      },
      rules: rulesSchema,
      returnFormat,
      protocol: {
        type: 'object',
        additionalProperties: false,
        description:
          "Corrections to the protocol agent-lint learns from the project's format documents (agent-lint protocol prints it), by template path such as status, artifacts/type or metadata/duration_seconds.",
        properties: {
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Values to allow besides those the documents list, by field.' },
          forbid: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Values to forbid (reported by forbidden-value), by field.' },
          optional: { type: 'array', items: { type: 'string' }, description: 'Fields that are optional whatever the documents say.' },
        },
      },
      overrides: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files'],
          properties: { files: globs, kind, rules: rulesSchema, returnFormat },
        },
      },
      ignores: { type: 'array', items: { type: 'string' }, description: 'Globs of files not to lint, relative to the config file\'s folder; a folder\'s pattern ignores everything in it.' },
      allowEmpty: {
        type: 'boolean',
        description: 'A run that finds no spec exits 0 with a notice instead of 2 (a repository that has no specs yet).',
      },
      knownAgents: {
        type: 'array',
        items: { type: 'string' },
        description: 'Names of agents that exist outside the project (user-level or built-in), so references to them are not reported.',
      },
    },
  };
}
