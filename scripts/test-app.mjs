// A throwaway copy of the site for tests and benchmarks: a fresh database seeded with demo data, a
// production build (rebuilt only when stale), served by server.mjs (Next behind the /v2 fast path,
// as `npm start` serves it) on E2E_PORT (default 3123). Cleans up after itself. Used by
// `npm run test:e2e` and the site benchmarks.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { localAgentToken } from '../src/lib/hosting/localNode.mjs'
import { buildIsStale } from './build-state.mjs'
import { createFreshDatabaseFromEnv } from './fresh-db.mjs'

const bin = (name) => path.resolve('node_modules/.bin', name)

export const run = (cmd, args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited with ${code}`))))
  })

/**
 * Runs `fn({ baseURL, env })` against a freshly seeded production server; returns the process exit
 * code (0 when `fn` resolved).
 */
export async function withTestApp(label, fn) {
  const port = process.env.E2E_PORT ?? '3123'
  const baseURL = `http://127.0.0.1:${port}`
  const tmp = mkdtempSync(path.join(os.tmpdir(), `bf-${label}-`))
  process.env.NEXT_TELEMETRY_DISABLED ??= '1'
  const db = await createFreshDatabaseFromEnv(label, tmp)
  const agentPort = process.env.E2E_AGENT_PORT ?? String(Number(port) + 10)
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    MEDIA_DIR: path.join(tmp, 'media'),
    PAYLOAD_SECRET: `${label}-secret`,
    SITE_URL: baseURL,
    MAX_VERSION_FILE_MB: '1',
    INSECURE_COOKIES: 'true',
    // Account mail goes to a local SMTP server that tests/e2e/accounts.e2e.ts and
    // creator-journey.e2e.ts start on this port, one at a time (tests/helpers/mailbox.ts waits for
    // it); nothing listens during other specs: sending then fails, which sign-up and reset tolerate.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: process.env.E2E_SMTP_PORT ?? '3125',
    SMTP_SECURE: 'false',
    EMAIL_FROM: 'Blockforge E2E <e2e@blockforge.local>',
    E2E_BASE_URL: baseURL,
    // "Continue with GitLab" signs in against a local OpenID provider that tests/e2e/providers.e2e.ts
    // starts on this port (its issuer stands in for gitlab.com).
    AUTH_GITLAB_ID: 'e2e-client',
    AUTH_GITLAB_SECRET: 'e2e-client-secret',
    AUTH_GITLAB_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? '3126'}`,
    // Every e2e request comes from 127.0.0.1: the per-address limits would count the whole suite as
    // one visitor. The limits themselves are tested in tests/int (login-and-write-limits, accounts-mail).
    LOGIN_ATTEMPTS_PER_ADDRESS: process.env.LOGIN_ATTEMPTS_PER_ADDRESS ?? '100000',
    ACCOUNT_EMAILS_PER_HOUR: process.env.ACCOUNT_EMAILS_PER_HOUR ?? '100000',
    WRITE_RATE_LIMIT: process.env.WRITE_RATE_LIMIT ?? '100000',
    // Scheduled releases go out within seconds rather than a minute or two (an operator's setting;
    // tests/e2e/schedule-release.e2e.ts waits for one).
    RELEASE_SCHEDULED_CRON: process.env.RELEASE_SCHEDULED_CRON ?? '*/2 * * * * *',
    // Renewals likewise (tests/e2e/billing-*.e2e.ts move a charge's due date and wait for the job).
    BILLING_CRON: process.env.BILLING_CRON ?? '*/2 * * * * *',
    // The revenue job likewise (tests/e2e/revenue.e2e.ts adds past days' views and income and waits for
    // them to be paid into the ledger; payouts in transit are asked about on the same beat).
    REVENUE_CRON: process.env.REVENUE_CRON ?? '*/2 * * * * *',
    // Hosting: servers are placed and followed within seconds (tests/e2e/servers.e2e.ts), on a local
    // node agent started beside the site (below) and registered by the demo data.
    HOSTING_CRON: process.env.HOSTING_CRON ?? '*/2 * * * * *',
    HOSTING_LOCAL_AGENT_URL: `http://127.0.0.1:${agentPort}`,
    HOSTING_DOMAIN: 'servers.blockforge.test',
  }
  let server
  let agent
  let code = 1
  try {
    await run(bin('tsx'), ['scripts/seed.ts'], { ...env, NODE_OPTIONS: '--no-deprecation --conditions=development' })
    // REUSE_BUILD=true serves the existing build even when sources are newer (benching while they change).
    if (buildIsStale() && !(process.env.REUSE_BUILD === 'true' && existsSync(path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID')))) {
      await run(bin('next'), ['build'], { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' })
    }
    agent = spawn(bin('tsx'), ['src/agent/main.ts'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...env, AGENT_TOKEN: localAgentToken(env.PAYLOAD_SECRET), AGENT_PORT: agentPort, AGENT_DATA_DIR: path.join(tmp, 'agent'), NODE_OPTIONS: '--no-deprecation' },
    })
    server = spawn(process.execPath, ['server.mjs', '-p', port, '-H', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' } })
    // A client component rendered where its messages are not sent (src/i18n/config.ts) shows a key
    // instead of text and only logs: such a log fails the run.
    const missing = new Set()
    for (const [from, to] of [[server.stdout, process.stdout], [server.stderr, process.stderr]]) {
      from.on('data', (chunk) => {
        to.write(chunk)
        for (const m of String(chunk).matchAll(/MISSING_MESSAGE: ([^\n]+)/g)) missing.add(m[1].trim())
      })
    }
    await waitFor(`${baseURL}/`, 120_000)
    await fn({ baseURL, env, bin })
    if (missing.size) throw new Error(`the server rendered messages it did not have (MISSING_MESSAGE): ${[...missing].join('; ')}`)
    code = 0
  } catch (e) {
    console.error(e instanceof Error ? e.message : e)
  } finally {
    server?.kill('SIGTERM')
    agent?.kill('SIGTERM')
    await db.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
  return code
}

async function waitFor(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      const res = await fetch(url)
      if (res.status < 500) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not come up within ${ms / 1000}s`)
}
