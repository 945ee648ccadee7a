/**
 * The command lines hooks and editors write (`--format json --no-config-lookup a.md`), parsed
 * without node:util's `parseArgs`: loading and running it took about 1 ms of a one-file run.
 * Gives what `parseArgs` gives (strict, positionals allowed), or undefined for any other command
 * line, which `parseArgs` then reads: short options, `--name=value`, `--`, `-`, an option that is
 * not in `options`, a missing value or one that starts with `-`. test/simple-args.test.ts holds it
 * to `parseArgs`.
 */
export interface SimpleOption {
  type: 'string' | 'boolean';
  multiple?: boolean;
}

export interface SimpleArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function parseSimpleArgs(argv: readonly string[], options: Readonly<Record<string, SimpleOption>>): SimpleArgs | undefined {
  // As parseArgs' values: no prototype, so that an option named like one of Object's keys is plain data.
  const values = Object.create(null) as SimpleArgs['values'];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.charCodeAt(0) !== 45) {
      positionals.push(a); // does not start with `-`
      continue;
    }
    if (a.length < 3 || a.charCodeAt(1) !== 45 || a.includes('=')) return undefined;
    const name = a.slice(2);
    const o = Object.hasOwn(options, name) ? options[name]! : undefined;
    if (!o || o.multiple && o.type === 'boolean') return undefined;
    if (o.type === 'boolean') {
      values[name] = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.charCodeAt(0) === 45) return undefined;
    i++;
    if (o.multiple) ((values[name] ??= []) as string[]).push(value);
    else values[name] = value;
  }
  return { values, positionals };
}
