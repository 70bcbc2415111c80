import type { SanitizedConfig } from 'payload'
import { expect, it } from 'vitest'

/**
 * What runs on a write, collection by collection, in order — the result of src/plugins/index.ts.
 * The snapshot (tests/unit/__snapshots__/wiring.txt) is the one file to read, and every change to
 * the order shows in its diff. Update it with `npx vitest run --config vitest.unit.config.mts -u`.
 */
const KINDS = ['beforeOperation', 'beforeValidate', 'beforeChange', 'afterChange', 'beforeRead', 'afterRead', 'beforeDelete', 'afterDelete', 'afterOperation', 'beforeLogin', 'afterLogin', 'afterError'] as const

const nameOf = (fn: unknown): string => (typeof fn === 'function' && fn.name ? fn.name : '(anonymous)')

function describeConfig(config: SanitizedConfig): string {
  const lines: string[] = ['plugins: db-safety, billing, revenue, hosting, api-v2, read-cache, access-guards, search, publishing-checklist, moderation, object-storage, file-origin, login-protection, safe-writes, doors, cost-limits; after the build: document locks, doors shut', '']
  const mounts = (config.custom?.apiMounts ?? []) as { name: string; paths: string[] }[]
  lines.push(`api mounts: ${mounts.map((m) => `${m.name} ${m.paths.join(' ')}`).join('; ')}`, '')
  for (const collection of [...config.collections].sort((a, b) => a.slug.localeCompare(b.slug))) {
    lines.push(`${collection.slug}${collection.upload ? ' (upload)' : ''}${collection.auth ? ' (auth)' : ''}`)
    const hooks = collection.hooks as unknown as Record<string, unknown[] | undefined>
    for (const kind of KINDS) {
      const chain = hooks[kind] ?? []
      if (chain.length) lines.push(`  ${kind}: ${chain.map(nameOf).join(' → ')}`)
    }
    const guarded = collection.flattenedFields
      .filter((f) => (f as { custom?: { writeRule?: string } }).custom?.writeRule)
      .map((f) => `${f.name}=${(f as { custom: { writeRule: string } }).custom.writeRule}`)
    if (guarded.length) lines.push(`  field rules: ${guarded.join(', ')}`)
    // Named field hooks besides the rules (a rule's own hook is anonymous), in the order they run;
    // not Payload's own `beforeDuplicate` of unique fields (duplicating is no door: src/access/operations.ts).
    const fieldHooks = collection.flattenedFields.flatMap((f) =>
      Object.entries((f as { hooks?: Record<string, unknown[]> }).hooks ?? {}).flatMap(([kind, chain]) => {
        if (kind === 'beforeDuplicate') return []
        const named = (chain ?? []).map(nameOf).filter((n) => n !== '(anonymous)')
        return named.length ? [`${f.name}.${kind}=${named.join(' → ')}`] : []
      }),
    )
    if (fieldHooks.length) lines.push(`  field hooks: ${fieldHooks.join(', ')}`)
  }
  return `${lines.join('\n')}\n`
}

it('prints each collection’s hook chain in the order it runs', async () => {
  process.env.PAYLOAD_SECRET ??= 'wiring-test'
  const { default: config } = await import('../../payload.config')
  await expect(describeConfig(await config)).toMatchFileSnapshot('__snapshots__/wiring.txt')
}, 60_000)
