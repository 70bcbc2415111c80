/**
 * What a first visit to /mods downloads stays lean (issue 17, item 8): the JavaScript it loads
 * carries neither the validation library (zod; forms that need choices take them from zod-free
 * modules) nor the message catalogue (the global error page fetches it only when it shows). Either
 * would add tens of kilobytes to every page of the site. The sizes themselves are measured by
 * `npm run bench`; these checks name the two regressions that would break them.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

/** Long texts of namespaces no /mods script needs: all of them would be there if the catalogue were bundled. */
function catalogueSamples(): string[] {
  const messages = JSON.parse(readFileSync(path.resolve('messages/en-US.json'), 'utf8')) as Record<string, Record<string, unknown>>
  const texts: string[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  for (const namespace of ['AdminWork', 'Moderation', 'Tokens', 'OAuth']) walk(messages[namespace])
  return texts.filter((t) => t.length > 40 && !/[{<]/.test(t)).slice(0, 12)
}

test('a first visit to /mods loads no zod and no message catalogue in its scripts', async ({ page }) => {
  const scripts: Promise<{ url: string; body: string }>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text().then((body) => ({ url: res.url(), body })))
  })
  await page.goto('/mods')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const loaded = await Promise.all(scripts)
  expect(loaded.length).toBeGreaterThan(3)
  const samples = catalogueSamples()
  expect(samples.length).toBeGreaterThan(5)
  for (const { url, body } of loaded) {
    // zod 4 names its classes with strings, which minifying keeps (both probes are found in the
    // build's chunks that do carry zod and the catalogue: pages that need them, the error page's import).
    expect(body, url).not.toContain('ZodObject')
    expect(body, url).not.toContain('$ZodType')
    for (const text of samples) expect(body.includes(JSON.stringify(text).slice(1, -1)), `${url} has "${text}"`).toBe(false)
  }
})
