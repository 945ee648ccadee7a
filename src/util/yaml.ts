/**
 * The `yaml` package, loaded on first use. Most frontmatter is read by the fast path
 * (src/model/frontmatter-fast.ts), so a run on files with flat frontmatter never loads the YAML
 * parser; the bundled CLI keeps it in a file of its own (dist/vendor/yaml.cjs) for that reason.
 *
 * The node predicates answer false for anything that is not an object without loading the
 * package (a YAML node only exists once the package has been loaded), and know the fast path's
 * light nodes.
 */
import { loadYaml } from '../platform/host.js';
import type * as Yaml from 'yaml';
import { LightMap, LightPair, LightScalar, LightSeq } from '../model/frontmatter-block.js';

let loaded: typeof Yaml | undefined;

export function yaml(): typeof Yaml {
  return (loaded ??= loadYaml());
}

type Pred<T> = (node: unknown) => node is T;
/** The light nodes of the frontmatter fast path (src/model/frontmatter-block.ts) answer too. */
const LIGHT: Record<string, (n: object) => boolean> = {
  isMap: (n) => n instanceof LightMap,
  isSeq: (n) => n instanceof LightSeq,
  isScalar: (n) => n instanceof LightScalar,
  isPair: (n) => n instanceof LightPair,
  isAlias: () => false,
  isCollection: (n) => n instanceof LightMap || n instanceof LightSeq,
};
const isLight = (n: object) => n instanceof LightMap || n instanceof LightSeq || n instanceof LightScalar || n instanceof LightPair;
const pred = <T>(name: 'isMap' | 'isSeq' | 'isScalar' | 'isPair' | 'isAlias' | 'isCollection'): Pred<T> =>
  ((node: unknown) => typeof node === 'object' && node !== null && (isLight(node) ? LIGHT[name]!(node) : (yaml()[name] as (n: unknown) => boolean)(node))) as Pred<T>;

export const isMap: Pred<Yaml.YAMLMap> = pred('isMap');
export const isSeq: Pred<Yaml.YAMLSeq> = pred('isSeq');
export const isScalar: Pred<Yaml.Scalar> = pred('isScalar');
export const isPair: Pred<Yaml.Pair> = pred('isPair');
export const isAlias: Pred<Yaml.Alias> = pred('isAlias');
export const isCollection: Pred<Yaml.YAMLMap | Yaml.YAMLSeq> = pred('isCollection');
