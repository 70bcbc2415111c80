import type { z } from 'zod'

import { invalidInput, V2Error } from './errors'

/** Turns the first few zod issues into one sentence a client developer can act on. */
export function describeIssues(error: z.ZodError, where: 'query' | 'body'): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.')
    const message = /received undefined$/.test(issue.message) ? 'is required' : issue.message
    if (where === 'query') return `query parameter "${path}" ${message}`
    return path ? `"${path}" in the request body ${message}` : `the request body ${message.replace(/^Invalid input: /, 'is invalid: ')}`
  })
  const text = parts.join('; ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Query parameters as one object (the first value of each), validated by the route's schema. */
export function parseQuery<T>(schema: z.ZodType<T> | undefined, params: URLSearchParams): T {
  if (!schema) return undefined as T
  const raw: Record<string, string> = {}
  for (const [k, v] of params) if (!(k in raw)) raw[k] = v
  const result = schema.safeParse(raw)
  if (!result.success) throw invalidInput(describeIssues(result.error, 'query'))
  return result.data
}

/** Request bodies are hash lists and filters: 10,000 sha512 hashes fit easily in 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024
const tooLarge = () => invalidInput(`The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`)

/** The body as text, refusing (without buffering it all) anything over MAX_BODY_BYTES. */
async function readText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A JSON body, validated by the route's schema. An empty body counts as `{}`. */
export async function parseBody<T>(schema: z.ZodType<T> | undefined, request: Request): Promise<T> {
  if (!schema) return undefined as T
  let text: string
  try {
    text = await readText(request)
  } catch (e) {
    if (e instanceof V2Error) throw e
    throw invalidInput('The request body could not be read')
  }
  let json: unknown = {}
  if (text.trim()) {
    try {
      json = JSON.parse(text)
    } catch (e) {
      throw invalidInput(`The request body is not valid JSON (${e instanceof Error ? e.message : 'parse error'})`)
    }
  }
  const result = schema.safeParse(json)
  if (!result.success) throw invalidInput(describeIssues(result.error, 'body'))
  return result.data
}
