/**
 * The styles of the text output. With colour on they are chalk's; with it off (JSON, a pipe, a
 * file, `--no-color`) the text as it is, and chalk is never loaded: in the bundle, chalk sets up
 * its styles only when a colour run first asks for them (src/build/bundle.ts), which saves about
 * 0.5 ms of every other run's start.
 */
import { Chalk } from 'chalk';

type Style = (s: string) => string;

export interface Paint {
  underline: Style;
  dim: Style;
  cyan: Style;
  red: Style & { bold: Style };
  yellow: Style & { bold: Style };
}

const same: Style = (s) => s;
const PLAIN: Paint = {
  underline: same,
  dim: same,
  cyan: same,
  red: Object.assign((s: string) => s, { bold: same }),
  yellow: Object.assign((s: string) => s, { bold: same }),
};

/** The styles for output with colour on or off (off: what chalk at level 0 gives, the text unchanged). */
export function paint(color: boolean): Paint {
  return color ? new Chalk({ level: 1 }) : PLAIN;
}
