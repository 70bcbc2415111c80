/**
 * `server.properties`, the game's settings file: read and written so that what the owner did not
 * change stays as it was — unknown keys, comments and the order of lines (a file a player edited by
 * hand, or a newer game's keys, survive the site's form). Java properties syntax, one entry a line
 * (line continuations are not used by the game and are read as plain text).
 */

export type PropertiesLine =
  /** `raw` is the line as read: written back unchanged while the value is. */
  | { kind: 'entry'; key: string; value: string; raw?: string }
  | { kind: 'other'; text: string }
export type PropertiesFile = PropertiesLine[]

const unescape = (s: string) =>
  s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ({ n: '\n', t: '\t', r: '\r', f: '\f' } as Record<string, string>)[c] ?? c,
  )

const CONTROL_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\f': '\\f' }
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c === '\u007f'
const escapeControls = (s: string) =>
  Array.from(s, (c) => CONTROL_ESCAPES[c] ?? (isControl(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')
const escapeKey = (s: string) => escapeControls(s).replace(/[=: #!]/g, (c) => `\\${c}`)
const escapeValue = (s: string) => escapeControls(s).replace(/^ /, '\\ ')

export function parseProperties(text: string): PropertiesFile {
  const lines = text.split(/\r?\n/)
  if (lines.at(-1) === '') lines.pop()
  return lines.map((raw): PropertiesLine => {
    const line = raw.replace(/^\s+/, '')
    if (line === '' || line.startsWith('#') || line.startsWith('!')) return { kind: 'other', text: raw }
    const match = /^((?:\\.|[^=:\s\\])*)\s*[=:\s]\s*(.*)$/.exec(line)
    return { kind: 'entry', key: unescape(match ? match[1] : line), value: match ? unescape(match[2]) : '', raw }
  })
}

export function serializeProperties(file: PropertiesFile): string {
  const out = file.map((l) => (l.kind === 'other' ? l.text : (l.raw ?? `${escapeKey(l.key)}=${escapeValue(l.value)}`)))
  return out.length ? `${out.join('\n')}\n` : ''
}

/** Every entry's value by key (a key given twice: the last, as Java reads it). */
export function propertiesRecord(file: PropertiesFile): Record<string, string> {
  const out: Record<string, string> = {}
  for (const l of file) if (l.kind === 'entry') out[l.key] = l.value
  return out
}

/** `file` with `updates` applied: a key's line keeps its place; new keys go at the end. */
export function withProperties(file: PropertiesFile, updates: Record<string, string>): PropertiesFile {
  const pending = new Map(Object.entries(updates))
  const next = file.map((l): PropertiesLine => {
    if (l.kind !== 'entry' || !pending.has(l.key)) return l
    const value = pending.get(l.key) as string
    return value === l.value ? l : { kind: 'entry', key: l.key, value }
  })
  // A key present twice: every line was updated above, so none is appended.
  for (const l of file) if (l.kind === 'entry') pending.delete(l.key)
  for (const [key, value] of pending) next.push({ kind: 'entry', key, value })
  return next
}

export const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator'] as const
export type GameMode = (typeof GAME_MODES)[number]
export const DIFFICULTIES = ['peaceful', 'easy', 'normal', 'hard'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

type Rule =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'text'; max: number }

/** The keys the site's properties form edits, with what each accepts. */
export const PROPERTY_RULES = {
  motd: { kind: 'text', max: 150 },
  'max-players': { kind: 'int', min: 1, max: 1000 },
  gamemode: { kind: 'enum', values: GAME_MODES },
  difficulty: { kind: 'enum', values: DIFFICULTIES },
  'level-seed': { kind: 'text', max: 64 },
  'view-distance': { kind: 'int', min: 2, max: 32 },
  'white-list': { kind: 'bool' },
  'spawn-protection': { kind: 'int', min: 0, max: 1000 },
  'server-port': { kind: 'int', min: 1, max: 65535 },
  'online-mode': { kind: 'bool' },
} as const satisfies Record<string, Rule>
export type PropertyKey = keyof typeof PROPERTY_RULES
export const PROPERTY_KEYS = Object.keys(PROPERTY_RULES) as PropertyKey[]
export const isPropertyKey = (k: string): k is PropertyKey => Object.hasOwn(PROPERTY_RULES, k)

/** Why `value` is not acceptable for `key`, or null when it is. */
export function propertyProblem(key: PropertyKey, value: string): string | null {
  const rule: Rule = PROPERTY_RULES[key]
  switch (rule.kind) {
    case 'enum':
      return rule.values.includes(value) ? null : `${key} must be one of ${rule.values.join(', ')}.`
    case 'int': {
      const n = Number(value)
      return /^-?\d+$/.test(value) && n >= rule.min && n <= rule.max ? null : `${key} must be a whole number from ${rule.min} to ${rule.max}.`
    }
    case 'bool':
      return value === 'true' || value === 'false' ? null : `${key} must be true or false.`
    case 'text':
      return value.length > rule.max ? `${key} must be at most ${rule.max} characters.` : /[\r\n]/.test(value) ? `${key} must be one line.` : null
  }
}

/** A server's settings as the site shows them. */
export type ServerSettings = {
  motd: string
  maxPlayers: number
  gameMode: GameMode
  difficulty: Difficulty
  levelSeed: string
  viewDistance: number
  whiteList: boolean
  spawnProtection: number
  serverPort: number
  onlineMode: boolean
}

export const DEFAULT_SETTINGS: ServerSettings = {
  motd: 'A Blockforge server',
  maxPlayers: 20,
  gameMode: 'survival',
  difficulty: 'easy',
  levelSeed: '',
  viewDistance: 10,
  whiteList: false,
  spawnProtection: 16,
  serverPort: 25565,
  // Players join in offline mode: the nodes cannot reach the game's session servers.
  onlineMode: false,
}

const SETTING_KEYS: Record<keyof ServerSettings, PropertyKey> = {
  motd: 'motd',
  maxPlayers: 'max-players',
  gameMode: 'gamemode',
  difficulty: 'difficulty',
  levelSeed: 'level-seed',
  viewDistance: 'view-distance',
  whiteList: 'white-list',
  spawnProtection: 'spawn-protection',
  serverPort: 'server-port',
  onlineMode: 'online-mode',
}

/** The settings a properties record says; a missing or unacceptable value reads as the default. */
export function readSettings(record: Record<string, string>): ServerSettings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof ServerSettings, unknown>
  for (const [name, key] of Object.entries(SETTING_KEYS) as [keyof ServerSettings, PropertyKey][]) {
    const raw = record[key]
    if (raw === undefined || propertyProblem(key, raw)) continue
    const kind = PROPERTY_RULES[key].kind
    out[name] = kind === 'int' ? Number(raw) : kind === 'bool' ? raw === 'true' : raw
  }
  return out as ServerSettings
}

/** Settings as properties entries (only those given). */
export function settingsToProperties(settings: Partial<ServerSettings>): Partial<Record<PropertyKey, string>> {
  const out: Partial<Record<PropertyKey, string>> = {}
  for (const [name, value] of Object.entries(settings) as [keyof ServerSettings, unknown][]) {
    if (value !== undefined && SETTING_KEYS[name]) out[SETTING_KEYS[name]] = String(value)
  }
  return out
}
