// @ts-check
/**
 * Runs one flying-squid game server from the current directory (the server's folder).
 *
 * Plain JavaScript run by plain `node`: the process runtime starts it inside bubblewrap and the
 * docker runtime inside a container whose root holds only node, so neither can load TypeScript or
 * anything outside node_modules. flying-squid's own CLI is not used: it rewrites its settings file
 * with defaults and listens on every interface.
 *
 * Reads `server.properties` (and `whitelist.json` when `white-list=true`) from the working
 * directory; BLOCKFORGE_GAME_VERSION (default 1.21.4) and BLOCKFORGE_BIND_HOST (else `server-ip`,
 * else 0.0.0.0) come from the runtime. Console commands come on stdin (flying-squid reads them).
 *
 * Lines the agent reads (see src/agent/servers/launcherLines.ts):
 *   `[blockforge] Ready: …`           once the world is loaded and the port listens
 *   `[blockforge] Players online: N`  on every join and leave
 * and, first, `[blockforge] Node options: … (heap limit N MiB)` — the heap cap and flags the start used.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setImmediate } from 'node:timers'
import { pathToFileURL } from 'node:url'
import { getHeapStatistics } from 'node:v8'

const require = createRequire(import.meta.url)

export const DEFAULT_GAME_VERSION = '1.21.4'
const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator']
const DIFFICULTIES = ['peaceful', 'easy', 'normal', 'hard']

/**
 * `key=value` lines of a Java properties file. A reader of its own (not src/lib/hosting's):
 * this file must run without TypeScript. tests/agent/launcher.agent.spec.ts checks both agree.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function readProperties(text) {
  /** @type {Record<string, string>} */
  const out = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+/, '')
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue
    const match = /^((?:\\.|[^=:\s\\])*)\s*[=:\s]\s*(.*)$/.exec(line)
    const key = unescape(match ? match[1] : line)
    out[key] = match ? unescape(match[2]) : ''
  }
  return out
}

/** @type {Record<string, string>} */
const ESCAPES = { n: '\n', t: '\t', r: '\r', f: '\f' }

/** @param {string} s */
function unescape(s) {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, /** @type {string} */ c) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ESCAPES[c] ?? c,
  )
}

/**
 * A level seed as the game takes it: a whole number as is, any other text by Java's String.hashCode.
 * @param {string | undefined} text
 * @returns {number | undefined} undefined for a random seed
 */
export function seedFrom(text) {
  if (!text) return undefined
  if (/^-?\d+$/.test(text)) {
    const n = Number(text)
    if (Number.isSafeInteger(n) && n !== 0) return n
  }
  let hash = 0
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0
  return hash === 0 ? undefined : hash
}

/**
 * @param {string | undefined} value
 * @param {string[]} names
 * @param {number} fallback
 */
function indexOf(value, names, fallback) {
  if (value === undefined) return fallback
  const byName = names.indexOf(value.toLowerCase())
  if (byName >= 0) return byName
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 && n < names.length ? n : fallback
}

/**
 * @param {string | undefined} value
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 */
function intIn(value, fallback, min, max) {
  const n = Number(value)
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/**
 * flying-squid's `createMCServer` settings for these properties.
 * @param {Record<string, string>} props
 * @param {{ version?: string, host?: string }} runtime
 */
export function settingsFrom(props, runtime) {
  const seed = seedFrom(props['level-seed'])
  return {
    // Mojang's session servers are out of reach from the nodes: players join in offline mode.
    'online-mode': false,
    host: runtime.host || props['server-ip'] || '0.0.0.0',
    port: intIn(props['server-port'], 25565, 1, 65535),
    motd: props.motd ?? 'A Blockforge server',
    'max-players': intIn(props['max-players'], 20, 1, 1000),
    gameMode: indexOf(props.gamemode, GAME_MODES, 0),
    difficulty: indexOf(props.difficulty, DIFFICULTIES, 1),
    generation: { name: 'diamond_square', options: { worldHeight: 80, ...(seed === undefined ? {} : { seed }) } },
    'view-distance': intIn(props['view-distance'], 10, 2, 32),
    worldFolder: 'world',
    version: runtime.version || DEFAULT_GAME_VERSION,
    logging: true,
    kickTimeout: 10000,
    plugins: {},
    'everybody-op': false,
    'max-entities': 100,
    'player-list-text': { header: { text: props.motd ?? '' }, footer: { text: '' } },
  }
}

/**
 * Names allowed in when `white-list=true` (vanilla's whitelist.json: `[{ name, uuid }]`).
 * @returns {Set<string>}
 */
function readWhitelist() {
  try {
    const list = JSON.parse(readFileSync('whitelist.json', 'utf8'))
    return new Set((Array.isArray(list) ? list : []).map((e) => String(e?.name ?? '').toLowerCase()).filter(Boolean))
  } catch {
    return new Set()
  }
}

/** @param {string} line */
const say = (line) => process.stdout.write(`[blockforge] ${line}\n`)

function main() {
  // The owner's startup settings are Node options: say which ones this start runs with.
  const heapMiB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)
  say(`Node options: ${process.execArgv.join(' ') || 'none'} (heap limit ${heapMiB} MiB)`)
  /** @type {Record<string, string>} */
  let props = {}
  try {
    props = readProperties(readFileSync('server.properties', 'utf8'))
  } catch (err) {
    say(`No readable server.properties (${err instanceof Error ? err.message : err}); using defaults`)
  }
  const settings = settingsFrom(props, {
    version: process.env.BLOCKFORGE_GAME_VERSION,
    host: process.env.BLOCKFORGE_BIND_HOST,
  })
  if (props['online-mode'] === 'true') say('online-mode=true is not possible on this node (no session servers): players join offline')

  // flying-squid registers its exit hook (quit and exit 143 on SIGTERM, without saving) through a
  // dynamic import that can settle after the server is ready, i.e. after replaceStopHandlers ran.
  // Registering the same hook module first puts its signal listeners in place before ours.
  createRequire(require.resolve('flying-squid'))('exit-hook')(() => {})
  /** @type {typeof import('flying-squid')} */
  const { createMCServer } = require('flying-squid')
  const serv = createMCServer(settings)

  const whitelist = props['white-list'] === 'true' ? readWhitelist() : null
  if (whitelist) {
    // flying-squid has no whitelist: refuse at the protocol's login, before it makes a player.
    serv._server.on('login', (/** @type {import('flying-squid').Client} */ client) => {
      if (whitelist.has(String(client.username).toLowerCase())) return
      say(`${client.username} is not on whitelist.json: refused`)
      client.end('You are not white-listed on this server!')
    })
  }
  serv.on('newPlayer', (/** @type {import('flying-squid').Player} */ player) => {
    player.once('spawned', () => {
      // 1.21 clients take the game mode from a packet flying-squid sends outside the login's world
      // state, so they first show the wrong one; sending it again once spawned puts it right.
      player.setGameMode(player.gameMode)
      say(`Players online: ${serv.players.length}`)
    })
    player.once('disconnected', () => setImmediate(() => say(`Players online: ${serv.players.length}`)))
  })

  let listening = false
  let pluginsReady = false
  const maybeReady = () => {
    if (!listening || !pluginsReady) return
    replaceStopHandlers(serv)
    say(`Ready: listening on ${settings.host}:${serv.listeningPort ?? settings.port} (game ${settings.version})`)
  }
  serv.once('listening', () => { listening = true; maybeReady() })
  serv.once('pluginsReady', () => { pluginsReady = true; maybeReady() })
  serv.on('error', (/** @type {Error} */ err) => {
    // A port already taken never becomes ready: exit so the agent reports it at once.
    if (!listening) {
      say(`Cannot start: ${err.message}`)
      process.exit(1)
    }
  })
}

/**
 * Writes every loaded chunk of a world now. Not prismarine-world's `waitSaving`: its save round
 * snapshots the queued chunks, awaits the writes, then clears the queue, so a block changed in a
 * chunk while that round's writes are under way is dropped from the queue unwritten (a backup then
 * missed the block a player had just placed). The periodic round is held off meanwhile, so no two
 * writes of one chunk's region race.
 * @param {any} world prismarine-world's World (its fields used here are not in its typings)
 */
async function writeWorld(world) {
  const provider = world.storageProvider
  if (!provider) return
  while (world.currentlySaving) await new Promise((resolve) => setTimeout(resolve, 10))
  world.currentlySaving = true
  try {
    for (const { chunkX, chunkZ, column } of world.getColumns()) await provider.save(Number(chunkX), Number(chunkZ), column)
  } finally {
    world.currentlySaving = false
  }
}

/**
 * flying-squid exits on SIGTERM/SIGINT without waiting for the world to be written (143/130);
 * once ready, these and the console `stop` save everything and exit 0.
 * @param {import('flying-squid').MCServer} serv
 */
function replaceStopHandlers(serv) {
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    say('Stopping: saving the world')
    try {
      await Promise.all(serv.players.map((p) => p.save()))
      await serv.quit('Server closed')
      await writeWorld(serv.overworld)
      say('Saved')
      process.exit(0)
    } catch (err) {
      say(`Save failed: ${err instanceof Error ? err.message : err}`)
      process.exit(1)
    }
  }
  process.removeAllListeners('SIGTERM')
  process.removeAllListeners('SIGINT')
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  serv.commands.add({ base: 'stop', info: 'Save the world and stop the server', usage: '/stop', op: true, action: stop })
  // Vanilla's `save-all`: the players and every changed chunk written now (a backup asks first).
  serv.commands.add({
    base: 'save-all',
    info: 'Write the world to disk now',
    usage: '/save-all',
    op: true,
    action: async () => {
      try {
        await Promise.all(serv.players.map((p) => p.save()))
        await writeWorld(serv.overworld)
        say('Saved the game')
      } catch (err) {
        say(`Save failed: ${err instanceof Error ? err.message : err}`)
      }
    },
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
