import type { APIRequestContext } from '@playwright/test'

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password'

/** Signs in through Payload's REST API and returns the Authorization header for later calls. */
export async function signIn(request: APIRequestContext, username = 'admin'): Promise<Record<string, string>> {
  const res = await request.post('/api/users/login', { data: { username, password: DEMO_PASSWORD } })
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`)
  const { token } = await res.json()
  return { Authorization: `JWT ${token}` }
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
