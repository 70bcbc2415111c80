import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Payload } from 'payload'

import { licenses } from './data/tags'

// The SPDX License List (spdx-license-list, CC0): one JSON file per licence, read only for the ones
// we offer, never the whole 5 MB list.
const listDir = path.join(path.dirname(createRequire(import.meta.url).resolve('spdx-license-list')), 'licenses')

/** The SPDX License List's text of licence `id` (its exact identifier), or null when the list has none. */
export async function spdxLicenseText(id: string): Promise<string | null> {
  if (!/^[A-Za-z0-9.+-]+$/.test(id)) return null
  try {
    return (JSON.parse(await readFile(path.join(listDir, `${id}.json`), 'utf8')) as { licenseText: string }).licenseText
  } catch {
    return null
  }
}

/**
 * The licences a project may pick, each with its text as `/v2/tag/license/{id}` serves it (as
 * labrinth serves the SPDX list's). A licence already there keeps its name, and its text when it has
 * one (an admin may have written it); an empty text is filled. `LicenseRef-*` are ours and have none.
 */
export async function seedLicenses(payload: Payload): Promise<void> {
  const o = { overrideAccess: true, depth: 0, context: { skipSearchIndex: true } } as const
  for (const { short, name } of licenses) {
    const body = await spdxLicenseText(short)
    const found = (await payload.find({ collection: 'licenses', where: { id: { equals: short } }, limit: 1, ...o })).docs[0]
    if (!found) await payload.create({ collection: 'licenses', data: { id: short, name, body }, ...o })
    else if (!found.body && body) await payload.update({ collection: 'licenses', id: short, data: { body }, ...o })
  }
}
