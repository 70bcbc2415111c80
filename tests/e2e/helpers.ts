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
