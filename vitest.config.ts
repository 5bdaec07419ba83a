import { defineConfig } from 'vitest/config';

const conPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'server/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          env: { TEST_MOTOR: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(conPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['server/**/*.test.ts'],
                exclude: ['server/**/*.unit.test.ts'],
                globalSetup: ['server/test/global-setup.ts'],
                env: { TEST_MOTOR: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A browser on 2 shared cores: 1 s (the default) is too little for a page to settle.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server per file; files run one after another to spare the 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
