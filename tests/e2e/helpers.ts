import { expect, request as newRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password'

/** Signs in through Payload's REST API and returns the Authorization header for later calls. */
export async function signIn(request: APIRequestContext, username = 'admin'): Promise<Record<string, string>> {
  const res = await request.post('/api/users/login', { data: { username, password: DEMO_PASSWORD } })
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`)
  const { token } = await res.json()
  return { Authorization: `JWT ${token}` }
}

/**
 * Makes an account the way an operator would over the API: people sign up at /auth/sign-up, and
 * Payload's `POST /api/users` is for administrators only (issue 27 L1). Through a context of its
 * own, so the administrator's session cookie does not stick to the test's `request`.
 */
export async function createAccount(data: { username: string; email?: string; password: string }): Promise<Pick<APIResponse, 'status' | 'ok' | 'json' | 'text'>> {
  const context = await newRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3123' })
  try {
    const admin = await signIn(context)
    const res = await context.post('/api/users', { data, headers: admin })
    const text = await res.text()
    const status = res.status()
    return { status: () => status, ok: () => status >= 200 && status < 300, json: async () => JSON.parse(text), text: async () => text }
  } finally {
    await context.dispose()
  }
}

type PayloadError = { errors?: { message: string; data?: { errors?: { path: string; message: string }[] } }[] }

/** The field errors of a Payload REST error response, as {path: message}. */
export async function fieldErrors(res: { json: () => Promise<unknown> }): Promise<Record<string, string>> {
  const body = (await res.json()) as PayloadError
  return Object.fromEntries((body.errors ?? []).flatMap((e) => e.data?.errors ?? []).map((e) => [e.path, e.message]))
}

/**
 * A picture of the page for people reading the report, attached to the test (not a test of its own,
 * and not compared: rendering differs between machines). Tests that take one assert what matters.
 */
export async function attachScreenshot(page: import('@playwright/test').Page, name: string, options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {}) {
  const { test } = await import('@playwright/test')
  await test.info().attach(name, { body: await page.screenshot(options), contentType: 'image/png' })
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
export async function expectNoHorizontalOverflow(page: import('@playwright/test').Page) {
  const { expect } = await import('@playwright/test')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'page is wider than the window').toBeLessThanOrEqual(0)
}

/** Where axe looks: CSS selectors to include (default the whole page) and to leave out. */
export type AxeScope = { include?: string | string[]; exclude?: string | string[] }

/** The serious and critical axe violations on the page, each as `rule: where`. */
export async function seriousAxeViolations(page: import('@playwright/test').Page, scope: AxeScope = {}): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const builder = new AxeBuilder({ page })
  for (const selector of [scope.include ?? []].flat()) builder.include(selector)
  for (const selector of [scope.exclude ?? []].flat()) builder.exclude(selector)
  const { violations } = await builder.analyze()
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Axe finds nothing serious or critical on the page (or in `scope`). */
export async function expectNoSeriousAxe(page: import('@playwright/test').Page, label: string, scope: AxeScope = {}) {
  const { expect } = await import('@playwright/test')
  expect(await seriousAxeViolations(page, scope), label).toEqual([])
}

/** Signs `username` in through the site's form, sent on to `to`, and waits until the browser is there. */
export async function signInPage(page: Page, to: string, username = 'tinkerfox', password = DEMO_PASSWORD) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(to)}`)
  await page.getByLabel('Email or username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`))
}
