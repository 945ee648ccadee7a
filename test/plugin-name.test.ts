/**
 * One derivation of a plugin's name, which discovery (the reasons it gives) and the delegation
 * graph (`<plugin>:<agent>` ids) both use.
 */
import { describe, expect, it } from 'vitest';
import { pluginNameOf } from '../src/model/plugin-name.js';

describe('pluginNameOf', () => {
  it("takes the manifest's name, trimmed, over the marketplace entry's and the folder's", () => {
    expect(pluginNameOf('folder', { name: '  tools  ' }, { name: 'entry' })).toBe('tools');
  });

  it("takes the marketplace entry's name when the manifest names nothing usable", () => {
    expect(pluginNameOf('folder', undefined, { name: 'entry' })).toBe('entry');
    expect(pluginNameOf('folder', { name: '   ' }, { name: ' entry ' })).toBe('entry');
    expect(pluginNameOf('folder', { name: 7 }, { name: 'entry' })).toBe('entry');
    expect(pluginNameOf('folder', ['not', 'an', 'object'], { name: 'entry' })).toBe('entry');
  });

  it("falls back to the folder's name", () => {
    expect(pluginNameOf('folder', undefined)).toBe('folder');
    expect(pluginNameOf('folder', null, { name: '' })).toBe('folder');
  });
});
