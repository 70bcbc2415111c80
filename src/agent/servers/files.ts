import { constants } from 'node:fs'
import { mkdir, open, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Reads a file the game could have replaced with a symlink (anything in a server's folder) without
 * following one: a link to /etc/shadow reads as an error, not as the shadow file. Null when absent.
 */
export async function readOwnFile(file: string): Promise<string | null> {
  let handle
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  try {
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/** Writes through a temporary file and a rename: never half a file, and a symlink is replaced, not followed. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(tmp, text, { flag: 'wx' })
  await rename(tmp, file)
}
