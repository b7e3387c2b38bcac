import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Every optional runtime feature on (packages/runtime/src/features.d.ts); containers define their own.
  define: { TW_LINK_HITS: 'true', TW_EVERY_HIT: 'true', TW_OCCURRENCES: 'true', TW_CONTEXT_DATA: 'true', TW_EVENT_TOKENS: 'true', TW_CONSENT: 'true', TW_DEBUG_BRIDGE: 'true', TW_IDENTITY: 'true', TW_PREINSTALLED: 'true', TW_PERSONALISATION: 'true', TW_EVENT_HISTORY: 'true', TW_MEDIA: 'true', TW_POST_TRACK: 'true', TW_IN_APP_MESSAGES: 'true', TW_STAGE_TASKS: 'true', TW_RULE_BODIES: 'true', TW_CLICK_LIST: 'true' },
  test: {
    // After the last test file: fails the run when a test left a process or a port behind.
    globalSetup: ['packages/server/test/support/leftovers.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/{schema,runtime,compiler,server}/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'properties/*/test/**/*.test.ts', 'demo/*/test/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // The console's component tests (Testing Library in jsdom), beside the features.
          name: 'console',
          include: ['packages/console/src/**/*.test.tsx', 'packages/console/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['packages/console/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
