/**
 * Security headers on every kind of response, user files served as sandboxed downloads, the site and
 * the admin panel rendering under the Content-Security-Policy, and a spoofed X-Forwarded-For that
 * cannot buy a fresh /v2 allowance (issue 10, items 3 and 8).
 */
import { expect, test, type APIResponse, type Page } from '@playwright/test'

import { signIn } from './helpers'

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers()
  expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'")
  expect(h['content-security-policy'], what).toContain("object-src 'none'")
  expect(h['x-frame-options'], what).toBe('DENY')
  expect(h['x-content-type-options'], what).toBe('nosniff')
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(h['permissions-policy'], what).toContain('camera=()')
}

test('every kind of response carries the security headers', async ({ request }) => {
  for (const path of ['/', '/mods', '/api/projects?limit=1', '/admin/login', '/v2/tag/category', '/this-page-does-not-exist']) {
    const res = await request.get(path)
    expect(res.status(), path).toBeLessThan(500)
    expectSecurityHeaders(res, path)
  }
})

test('only the admin panel asks for the colour-scheme client hint (a critical hint makes Chrome fetch a page twice)', async ({ request }) => {
  for (const path of ['/', '/mods']) {
    const h = (await request.get(path)).headers()
    expect(h['critical-ch'], path).toBeUndefined()
    expect(h['accept-ch'], path).toBeUndefined()
  }
  expect((await request.get('/admin/login')).headers()['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
})

/** Collects CSP violations the page reports while it loads. */
function cspViolations(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text())
  })
  return seen
}

test('the site renders and hydrates under the CSP', async ({ page }) => {
  const violations = cspViolations(page)
  await page.goto('/mods')
  await expect(page.getByRole('searchbox').first()).toBeVisible()
  // Hydrated: typing into the search changes the URL (client code ran).
  await page.getByRole('searchbox').first().fill('map')
  await expect(page).toHaveURL(/[?&]q=map/)
  expect(violations).toEqual([])
})

test('the admin panel renders and signs in under the CSP', async ({ page }) => {
  const violations = cspViolations(page)
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill('admin')
  await page.getByRole('textbox', { name: 'Password' }).fill(process.env.DEMO_PASSWORD ?? 'demo-password')
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: /projects/i }).first()).toBeVisible()
  expect(violations).toEqual([])
})

test.describe('user files', () => {
  test('a version file is a sandboxed download with its name', async ({ request }) => {
    const file = (await (await request.get('/api/version-files?limit=1&depth=0&where[filename][exists]=true')).json()).docs[0]
    const res = await request.get(new URL(file.url).pathname)
    expect(res.status()).toBe(200)
    const h = res.headers()
    expect(h['content-disposition']).toMatch(/^attachment; filename="[^"]+"/)
    expect(h['x-content-type-options']).toBe('nosniff')
    expect(h['content-security-policy']).toBe("sandbox; default-src 'none'")
  })

  test('an uploaded HTML file is downloaded, never rendered on the site', async ({ request, page }) => {
    // The demo admin may add a file to any version.
    const auth = await signIn(request, 'admin')
    // A version anyone may read (asked without credentials), so the browser below may read its files;
    // a listed project's draft or scheduled version would not do.
    const version = (await (await request.get('/api/versions?limit=1&depth=0&where[status][equals]=listed')).json()).docs[0]
    const html = '<!doctype html><title>x</title><script>document.title = "ran:" + document.cookie</script>'
    const created = await request.post('/api/version-files', {
      headers: auth,
      multipart: { _payload: JSON.stringify({ version: version.id }), file: { name: 'x.html', mimeType: 'text/html', buffer: Buffer.from(html) } },
    })
    expect(created.status()).toBe(201)
    const { doc } = await created.json()
    const path = new URL(doc.url).pathname
    const res = await request.get(path)
    expect(res.status()).toBe(200)
    const h = res.headers()
    expect(h['content-disposition']).toMatch(/^attachment; filename="x(-\d+)?\.html"$/)
    expect(h['content-security-policy']).toBe("sandbox; default-src 'none'")
    expect(h['x-content-type-options']).toBe('nosniff')
    // In a browser: opening it starts a download instead of showing (and running) the page.
    const download = page.waitForEvent('download')
    await page.goto(path).catch(() => undefined) // navigation is aborted by the download
    expect((await download).suggestedFilename()).toMatch(/\.html$/)
    await request.delete(`/api/version-files/${doc.id}`, { headers: auth })
  })

  test('images show inline as images, sandboxed', async ({ request }) => {
    const image = (await (await request.get('/api/images?limit=1&depth=0')).json()).docs[0]
    const res = await request.get(new URL(image.url).pathname)
    expect(res.status()).toBe(200)
    const h = res.headers()
    expect(h['content-type']).toMatch(/^image\/(png|jpeg|webp|gif)$/)
    expect(h['content-disposition']).toBeUndefined()
    expect(h['x-content-type-options']).toBe('nosniff')
    expect(h['content-security-policy']).toBe("sandbox; default-src 'none'")
  })
})

test('a spoofed X-Forwarded-For does not reset the /v2 rate limit', async ({ request }) => {
  // Without TRUST_PROXY the server counts the peer that connected, whatever the client claims: ten
  // requests naming ten addresses are one client, so its allowance goes down instead of staying full.
  const remaining = await Promise.all(
    Array.from({ length: 10 }, (_, i) => request.get('/v2/tag/side_type', { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }).then((r) => Number(r.headers()['x-ratelimit-remaining']))),
  )
  expect(Math.min(...remaining)).toBeLessThan(299)
})
