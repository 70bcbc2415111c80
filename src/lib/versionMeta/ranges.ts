/**
 * Game-version ranges as mod metadata writes them, matched against the site's game versions:
 * exact ("1.20.1"), wildcards ("1.20.x"), comparators (">=1.20 <1.21", "~1.20", "1.20 || 1.21")
 * as in fabric.mod.json and quilt.mod.json, and Maven ranges ("[1.20,1.21)") as in mods.toml.
 */

/** Numeric parts of a release version ("1.20.1" → [1, 20, 1]); null for snapshots and the like. */
export function releaseParts(v: string): number[] | null {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(v.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0)
  return 0
}

type Test = (v: number[], raw: string) => boolean

function comparator(token: string): Test | null {
  const t = token.trim()
  if (!t || t === '*') return () => true
  const wildcard = /^(\d+)\.(\d+)\.[x*]$/i.exec(t) ?? /^(\d+)\.[x*]$/i.exec(t)
  if (wildcard) {
    const [major, minor] = [Number(wildcard[1]), wildcard[2] !== undefined && /^\d+$/.test(wildcard[2]) ? Number(wildcard[2]) : null]
    return (v) => v[0] === major && (minor === null || v[1] === minor)
  }
  const m = /^(>=|<=|>|<|=|~|\^)?\s*(\d+(?:\.\d+){0,2})(?:-[\w.+-]*)?$/.exec(t)
  if (!m) return (_, raw) => raw === t // a snapshot or other exact name
  const target = releaseParts(m[2].split('.').length === 2 ? `${m[2]}.0` : m[2])!
  const twoParts = m[2].split('.').length === 2
  switch (m[1]) {
    case '>=': return (v) => compare(v, target) >= 0
    case '<=': return (v) => compare(v, target) <= 0
    case '>': return (v) => compare(v, target) > 0
    case '<': return (v) => compare(v, target) < 0
    case '~': return (v) => v[0] === target[0] && v[1] === target[1] && v[2] >= target[2]
    case '^': return (v) => v[0] === target[0] && compare(v, target) >= 0
    default: return twoParts ? (v) => v[0] === target[0] && v[1] === target[1] && v[2] === 0 : (v) => compare(v, target) === 0
  }
}

function mavenRange(range: string): Test | null {
  const m = /^([[(])\s*([^,]*?)\s*(?:,\s*([^\])]*?)\s*)?([\])])$/.exec(range.trim())
  if (!m) return null
  const [, open, lo, hi, close] = m
  if (hi === undefined) {
    const exact = releaseParts(lo.split('.').length === 2 ? `${lo}.0` : lo)
    return exact ? (v) => compare(v, exact) === 0 : null
  }
  const low = lo ? releaseParts(lo.split('.').length === 2 ? `${lo}.0` : lo) : null
  const high = hi ? releaseParts(hi.split('.').length === 2 ? `${hi}.0` : hi) : null
  return (v) =>
    (!low || (open === '[' ? compare(v, low) >= 0 : compare(v, low) > 0)) && (!high || (close === ']' ? compare(v, high) <= 0 : compare(v, high) < 0))
}

/** The versions of `known` (release names) a range or list of ranges admits, in `known`'s order. */
export function matchGameVersions(spec: string | string[] | undefined | null, known: string[]): string[] {
  if (!spec) return []
  const alternatives = (Array.isArray(spec) ? spec : [spec]).flatMap((s) => (/^[[(]/.test(s.trim()) ? [s] : s.split('||')))
  const tests: Test[] = []
  for (const alt of alternatives) {
    const maven = /^[[(]/.test(alt.trim()) ? mavenRange(alt) : null
    if (maven) {
      tests.push(maven)
      continue
    }
    const parts = alt.trim().split(/\s+/).map(comparator)
    if (parts.some((p) => p === null)) continue
    tests.push((v, raw) => parts.every((p) => p!(v, raw)))
  }
  return known.filter((raw) => {
    const v = releaseParts(raw)
    return tests.some((test) => (v ? test(v, raw) : test([-1, -1, -1], raw)))
  })
}
