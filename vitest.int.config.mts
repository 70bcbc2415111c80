import path from 'node:path'
import { defineConfig } from 'vitest/config'

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
    // One database, one file at a time: each file boots Payload against it.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { PAYLOAD_SECRET: 'integration-tests', DISABLE_PAYLOAD_HMR: 'true', MAX_VERSION_FILE_MB: '1', JOBS_AUTORUN: 'false' },
  },
})
