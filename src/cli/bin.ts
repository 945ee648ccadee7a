#!/usr/bin/env node
/** The unbundled CLI's entry (the `agent-lint` command is src/cli/launch.cts). */
import { start } from './start.js';

start({ entry: new URL(import.meta.url) });
