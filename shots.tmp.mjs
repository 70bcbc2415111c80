import { chromium } from '@playwright/test'
const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3523'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const login = async (username) => {
  const res = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo-password' }) })
  return (await res.json()).token
}
const mod = await login('wren_mod')
const shots = [
  ['queue-light', '/moderation', 'light', 1280],
  ['queue-dark-390', '/moderation', 'dark', 390],
]
const ctxFor = async (theme, width) => {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme })
  await ctx.addCookies([{ name: 'payload-token', value: mod, url: base }])
  return ctx
}
for (const [name, path, theme, width] of shots) {
  const ctx = await ctxFor(theme, width)
  const page = await ctx.newPage()
  await page.goto(base + path)
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true })
  if (name === 'queue-light') {
    const href = await page.locator('[data-testid=queue-item] a').first().getAttribute('href')
    for (const [n, th, w] of [['tab-light', 'light', 1280], ['tab-dark-390', 'dark', 390]]) {
      const c = await ctxFor(th, w)
      const p = await c.newPage()
      await p.goto(base + href)
      await p.getByText('Moderator checklist').click().catch(() => {})
      await p.screenshot({ path: `/tmp/shots/${n}.png`, fullPage: true })
      await c.close()
    }
  }
  await ctx.close()
}
const c = await ctxFor('dark', 1280)
const p = await c.newPage()
await p.goto(base + '/report?type=project&id=sodium')
await p.getByRole('button', { name: 'Send report' }).click()
await p.waitForSelector('[role=alert]')
await p.screenshot({ path: '/tmp/shots/report-dark.png', fullPage: true })
await p.goto(base + '/user/wren_mod')
await p.screenshot({ path: '/tmp/shots/user-staff.png', fullPage: false })
await browser.close()
