import type { Payload } from 'payload'

/** A minimal tag set for tests that need valid loaders, game versions and categories. */
export async function seedTags(payload: Payload) {
  const existing = await payload.count({ collection: 'loaders', overrideAccess: true })
  if (existing.totalDocs > 0) return
  for (const [id, types] of [['fabric', ['mod', 'modpack']], ['forge', ['mod', 'modpack']], ['paper', ['plugin']], ['iris', ['shader']], ['minecraft', ['resourcepack']], ['datapack', ['datapack', 'mod']]] as const) {
    await payload.create({ collection: 'loaders', data: { id, supportedProjectTypes: [...types] }, overrideAccess: true })
  }
  for (const [id, date] of [['1.20.1', '2023-06-12'], ['1.21', '2024-06-13'], ['1.21.1', '2024-08-08']] as const) {
    await payload.create({ collection: 'game-versions', data: { id, versionType: 'release', date, major: id === '1.21' }, overrideAccess: true })
  }
  for (const [name, projectType] of [['technology', 'mod'], ['magic', 'mod'], ['utility', 'mod'], ['adventure', 'modpack'], ['realistic', 'shader']] as const) {
    await payload.create({ collection: 'categories', data: { name, projectType, header: 'categories' }, overrideAccess: true })
  }
  await payload.create({ collection: 'licenses', data: { id: 'MIT', name: 'MIT License' }, overrideAccess: true })
  await payload.create({ collection: 'report-types', data: { id: 'spam' }, overrideAccess: true })
  await payload.create({ collection: 'donation-platforms', data: { id: 'patreon', name: 'Patreon' }, overrideAccess: true })
}
