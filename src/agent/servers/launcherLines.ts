/**
 * Reading the game's output: flying-squid writes a readline prompt (`> `), cursor moves and colours
 * around its lines; the console, the logs and crash reports get plain text. The launcher
 * (src/agent/launcher/flying-squid.mjs) adds `[blockforge] …` lines the agent acts on.
 */

// eslint-disable-next-line no-control-regex -- the escape character is exactly what this matches
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g

export function plainLine(raw: string): string {
  return raw.replace(ANSI, '').replace(/\r/g, '').replace(/^(> )+/, '')
}

export const isReadyLine = (line: string): boolean => line.startsWith('[blockforge] Ready:')

/** The player count a `[blockforge] Players online: N` line gives, else null. */
export function playersOnline(line: string): number | null {
  const m = /^\[blockforge\] Players online: (\d+)$/.exec(line)
  return m ? Number(m[1]) : null
}

/** The launcher's answer to `save-all`: the world is on disk (`[blockforge] Saved the game` or `Save failed: …`). */
export const isSaveLine = (line: string): boolean => line === '[blockforge] Saved the game' || line.startsWith('[blockforge] Save failed:')
