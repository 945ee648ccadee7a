/**
 * The TypeScript types of returns and delegation contexts are generated from the JSON Schemas:
 * the committed file must be what the generator makes of the schemas today.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationsFor, generateSchemaTypes } from '../src/build/schema-types.js';

const FILE = path.resolve(import.meta.dirname, '../src/standard/types.generated.ts');

describe('generated schema types', () => {
  it('src/standard/types.generated.ts is up to date (run npm run generate:types)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(generateSchemaTypes());
  });

  it('turns each schema construct into its type', () => {
    const out = declarationsFor('Thing', {
      title: 'Thing',
      description: 'A thing; ends a comment */ here.',
      type: 'object',
      required: ['kind', 'count', 'odd-key'],
      additionalProperties: false,
      properties: {
        kind: { enum: ['a', 'b'] },
        count: { type: 'integer', minimum: 1 },
        label: { type: ['string', 'null'], maxLength: 9 },
        tags: { type: 'array', items: { type: 'string' } },
        parts: { type: 'array', items: { $ref: '#/definitions/part' } },
        either: { type: 'array', items: { type: ['number', 'boolean'] } },
        bag: { type: 'object' },
        counts: { type: 'object', additionalProperties: { type: 'number' } },
        'odd-key': { type: 'boolean' },
        loose: {},
      },
      definitions: { part: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
    });
    expect(out).toBe(
      [
        '/**',
        ' * Thing: A thing; ends a comment *\\/ here.',
        ' */',
        'export interface Thing {',
        '  kind: "a" | "b";',
        '  /**',
        '   * An integer.',
        '   *',
        '   * Minimum: 1.',
        '   */',
        '  count: number;',
        '  /**',
        '   * Maximum length: 9.',
        '   */',
        '  label?: string | null;',
        '  tags?: string[];',
        '  parts?: ThingPart[];',
        '  either?: Array<number | boolean>;',
        '  bag?: {',
        '    [key: string]: unknown;',
        '  };',
        '  counts?: {',
        '    [key: string]: number | undefined;',
        '  };',
        '  "odd-key": boolean;',
        '  loose?: unknown;',
        '}',
        '',
        'export interface ThingPart {',
        '  id: string;',
        '  [key: string]: unknown;',
        '}',
      ].join('\n'),
    );
  });

  it('refuses a $ref it cannot resolve', () => {
    expect(() => declarationsFor('X', { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } })).toThrow('unsupported $ref #/definitions/missing');
  });
});
