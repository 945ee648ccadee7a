import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { Formatter } from './types.js';

export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
};

export type { Formatter, FormatContext } from './types.js';
