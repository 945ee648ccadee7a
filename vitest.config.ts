import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/precompiled-validators.ts'],
    testTimeout: 30000,
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: one on 2 cores. Most tests wait on
    // child processes (the CLI, the language server, git, npm), so two workers keep both busy.
    maxWorkers: 2,
  },
});
