// `npm run test:e2e`: Playwright in Debian's Chromium against a freshly seeded production server
// (scripts/test-app.mjs). Arguments are passed on to `playwright test`.
import { run, withTestApp } from './test-app.mjs'

const code = await withTestApp('e2e', ({ env, bin }) => run(bin('playwright'), ['test', ...process.argv.slice(2)], env))
process.exit(code)
