/**
 * The styles of the text output: chalk's, with colour on at level 1 (16 colours), with it off
 * (JSON, a pipe, a file, `--no-color`) at level 0, which gives the text as it is.
 */
import { Chalk, type ChalkInstance } from 'chalk';

export function paint(color: boolean): ChalkInstance {
  return new Chalk({ level: color ? 1 : 0 });
}
