import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** PAYLOAD_SECRET when given; otherwise one generated once and kept in data/.secret. */
export function ensureSecret() {
  if (process.env.PAYLOAD_SECRET) return
  const file = path.resolve('data', '.secret')
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  process.env.PAYLOAD_SECRET = readFileSync(file, 'utf8').trim()
}
