import { z } from 'zod'

/**
 * A hosted server's startup settings (issue 31, spec §2 "options/startup"): the game is flying-squid,
 * a Node.js program, so "memory" is V8's old-space cap (`--max-old-space-size`, MiB) and "flags" are
 * extra Node/V8 flags from an allow-list. The site checks them when the owner saves; the node agent
 * checks them again (same module) before they reach a command line. Pure: no I/O.
 */

export type Startup = { heap_mb?: number; flags?: string[] }

/** The smallest heap cap offered: flying-squid loads a world in far less, but not in much less. */
export const MIN_HEAP_MB = 256
/** What the agent gives V8 when the owner leaves memory "Automatic" (a share of the plan). */
export const AUTO_HEAP_SHARE = 0.75

/**
 * Memory the plan (the cgroup/container limit on the whole process) must keep outside the old
 * space: the young generation (3 × the semi-space), code and V8's own tables, the typed arrays that
 * hold chunks, and socket buffers. With less, the kernel kills the game before V8 collects garbage.
 * At least 256 MiB, or a fifth of the plan.
 */
export const heapHeadroomMb = (ramMb: number): number => Math.max(256, Math.ceil(ramMb * 0.2))

/** The largest heap cap a plan allows (below MIN_HEAP_MB: only Automatic). */
export const maxHeapMb = (ramMb: number): number => Math.max(0, Math.floor(ramMb) - heapHeadroomMb(ramMb))

/** The heap cap a start uses: the owner's (lowered to what the plan allows now), else the automatic share. */
export function heapFor(ramMb: number, heapMb: number | undefined | null): number {
  const auto = Math.max(64, Math.floor(ramMb * AUTO_HEAP_SHARE))
  if (!heapMb) return auto
  const max = maxHeapMb(ramMb)
  return max >= MIN_HEAP_MB ? Math.min(heapMb, max) : auto
}

type Allowed = { int: [min: number, max: number] } | { oneOf: readonly string[] } | null

/** The flags an owner may add, and the value each takes (null: none). */
export const ALLOWED_FLAGS: Readonly<Record<string, Allowed>> = {
  '--max-semi-space-size': { int: [1, 64] }, // MiB; the young generation is 3 × this, inside the headroom
  '--stack-size': { int: [256, 4096] }, // KiB; the thread's own stack (8 MiB) must stay larger
  '--expose-gc': null,
  '--single-threaded-gc': null,
  '--optimize-for-size': null,
  '--trace-gc': null,
  '--no-warnings': null,
  '--trace-warnings': null,
  '--no-deprecation': null,
  '--trace-deprecation': null,
  '--unhandled-rejections': { oneOf: ['strict', 'warn', 'none', 'throw', 'warn-with-error-code'] },
}

/** Why some well-known flags are refused (anything not allowed is refused anyway). */
const REFUSED: [RegExp, string][] = [
  [/^--max-old-space-size$/, 'set it with Memory'],
  [/^(--require|-r|--import|--loader|--experimental-loader|--eval|-e|--print|-p|--experimental-.*|--env-file|--conditions|-C)$/, 'it runs code'],
  [/^--(inspect|debug).*$/, 'it opens a debugging port'],
  [/^--(heapsnapshot|heap-prof|cpu-prof|prof|report|redirect-warnings|diagnostic-dir|trace-event).*$/, 'it writes files'],
]

export const MAX_FLAGS = 16
const MAX_FLAG_LENGTH = 64

/** A flag's name as Node reads it (`--a_b` is `--a-b`). */
const nameOf = (flag: string): string => {
  const name = flag.split('=', 1)[0]
  return name.startsWith('--') ? `--${name.slice(2).replace(/_/g, '-')}` : name
}

/** The flag as stored (its name normalised), or why it is refused. */
export function checkFlag(flag: string): { ok: true; flag: string } | { ok: false; reason: string } {
  if (!flag.startsWith('-')) return { ok: false, reason: 'not a flag' }
  const name = nameOf(flag)
  for (const [pattern, reason] of REFUSED) if (pattern.test(name)) return { ok: false, reason }
  if (flag.length > MAX_FLAG_LENGTH || !Object.hasOwn(ALLOWED_FLAGS, name)) return { ok: false, reason: 'not on the allowed list' }
  const eq = flag.indexOf('=')
  const value = eq >= 0 ? flag.slice(eq + 1) : null
  const rule = ALLOWED_FLAGS[name]
  if (rule === null) return value === null ? { ok: true, flag: name } : { ok: false, reason: 'takes no value' }
  if (value === null) return { ok: false, reason: 'needs a value (write it as name=value)' }
  if ('int' in rule) {
    const [min, max] = rule.int
    const n = Number(value)
    if (!/^\d{1,6}$/.test(value) || n < min || n > max) return { ok: false, reason: `takes a whole number from ${min} to ${max}` }
    return { ok: true, flag: `${name}=${n}` }
  }
  return rule.oneOf.includes(value) ? { ok: true, flag: `${name}=${value}` } : { ok: false, reason: `takes one of ${rule.oneOf.join(', ')}` }
}

/** The flags of a text field: separated by spaces or new lines. */
export const splitFlags = (text: string): string[] => text.split(/\s+/).filter(Boolean)

/**
 * The startup settings for a plan with `ramMb` of memory: `heap_mb` from MIN_HEAP_MB to
 * maxHeapMb(ramMb) (absent or null: Automatic), flags from the allow-list, each once. Every refused
 * flag is named in one issue, so a caller can say them all at once.
 */
export function startupSchema(ramMb: number) {
  const max = maxHeapMb(ramMb)
  return z
    .object({
      heap_mb: z.number().int().nullish(),
      flags: z.array(z.string()).max(MAX_FLAGS, `At most ${MAX_FLAGS} flags.`).nullish(),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (input.heap_mb != null && (input.heap_mb < MIN_HEAP_MB || input.heap_mb > max)) {
        const message =
          max < MIN_HEAP_MB
            ? `This plan's ${ramMb} MiB leave no room for a custom memory setting: use Automatic.`
            : `Memory is from ${MIN_HEAP_MB} to ${max} MiB on this plan (${ramMb} MiB, less ${heapHeadroomMb(ramMb)} MiB kept outside the heap).`
        ctx.addIssue({ code: 'custom', path: ['heap_mb'], message })
      }
      const refused: string[] = []
      const seen = new Set<string>()
      for (const flag of input.flags ?? []) {
        const check = checkFlag(flag)
        if (!check.ok) refused.push(`${flag} (${check.reason})`)
        else if (seen.has(nameOf(check.flag))) refused.push(`${flag} (given twice)`)
        else seen.add(nameOf(check.flag))
      }
      if (refused.length) ctx.addIssue({ code: 'custom', path: ['flags'], message: `Not allowed: ${refused.join(', ')}.` })
    })
    .transform((input): Startup => {
      const flags = (input.flags ?? []).map((f) => (checkFlag(f) as { flag: string }).flag)
      return { ...(input.heap_mb != null ? { heap_mb: input.heap_mb } : {}), ...(flags.length ? { flags } : {}) }
    })
}

/** The settings, or every problem in words (the heap's first, then the refused flags). */
export function checkStartup(input: unknown, ramMb: number): { ok: true; startup: Startup } | { ok: false; problems: string[] } {
  const result = startupSchema(ramMb).safeParse(input)
  if (result.success) return { ok: true, startup: result.data }
  return { ok: false, problems: result.error.issues.map((i) => i.message) }
}

/** The Node arguments of a start, before the launcher: the heap cap and the allowed flags only. */
export function nodeArgs(ramMb: number, startup: Startup | null | undefined): string[] {
  const flags = (startup?.flags ?? []).flatMap((f) => {
    const check = checkFlag(f)
    return check.ok ? [check.flag] : [] // a record from disk is checked again; a refused flag never runs
  })
  return [`--max-old-space-size=${heapFor(ramMb, startup?.heap_mb)}`, ...flags]
}

/** The allow-list in words for the form's hint: `--stack-size=256…4096`, `--expose-gc`, … */
export const allowedFlagsText = (): string[] =>
  Object.entries(ALLOWED_FLAGS).map(([name, rule]) => (rule === null ? name : 'int' in rule ? `${name}=${rule.int[0]}…${rule.int[1]}` : `${name}=${rule.oneOf.join('|')}`))
