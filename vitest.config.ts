import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The
    // tests wait on states (never on time), so they take both cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // Under CI=true a missing PostgreSQL or Redis fails the run (src/server/test/ci-services.ts).
          globalSetup: ['src/server/test/ci-services.ts'],
          include: ['src/server/**/*.test.ts', 'src/protocol/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // States that arrive through a database or a broker are waited for, not timed: a
          // busy machine may take seconds where an idle one takes milliseconds.
          expect: { poll: { timeout: 20_000 } },
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // A bound for a busy machine, not a wait: a studio test took 26 s with both cores busy.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
