// Runs a command with a database: DATABASE_URL when set, else the embedded one for the command's lifetime.
import { spawn } from 'node:child_process'
import path from 'node:path'

import { ensureDatabaseOrExit } from './embedded-db.mjs'
import { ensureSecret } from './secret.mjs'

const [cmd, ...args] = process.argv.slice(2)
ensureSecret()
process.env.PATH = `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH}`
const db = await ensureDatabaseOrExit()
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --no-deprecation --conditions=development`.trim()
const child = spawn(cmd, args, { stdio: 'inherit', env: process.env, shell: process.platform === 'win32' })
child.on('exit', async (code, signal) => {
  await db.stop()
  process.exit(code ?? (signal ? 1 : 0))
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
