import { defineConfig, devices } from '@playwright/test'

// Debian's Chromium: never a downloaded browser. The flags keep it off the (closed) network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
}

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.ts',
  forbidOnly: !!process.env.CI,
  // No retries: a flaky test is a bug to fix, not to run again.
  retries: 0,
  workers: 2,
  // Several specs load and axe-scan many pages; on two loaded cores one minute was not always enough.
  timeout: 120_000,
  // A server action or navigation can take longer than Playwright's 5 s on two shared cores: waits
  // on conditions (never sleeps) get 15 s, so a slow machine is not a failed test.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3123',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
})
