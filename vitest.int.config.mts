import path from 'node:path'
import { defineConfig } from 'vitest/config'

import { intWorkers } from './tests/int/workers'

export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    include: ['tests/int/**/*.int.spec.ts'],
    environment: 'node',
    globalSetup: ['tests/int/globalSetup.ts'],
    // Files run INT_WORKERS at a time, each worker on its own database (tests/int/workerDatabase.ts);
    // within a worker one file at a time, each booting Payload against that worker's database.
    setupFiles: ['tests/int/workerDatabase.ts'],
    maxWorkers: intWorkers(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { PAYLOAD_SECRET: 'integration-tests', DISABLE_PAYLOAD_HMR: 'true', MAX_VERSION_FILE_MB: '1', JOBS_AUTORUN: 'false' },
  },
})
