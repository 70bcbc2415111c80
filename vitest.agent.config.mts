import path from 'node:path'
import { defineConfig } from 'vitest/config'

// The node agent's tests (tests/agent): real game servers through the agent's API, no database.
// One file at a time: each starts game servers, and the machine has two cores.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/agent/**/*.agent.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
