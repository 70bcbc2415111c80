import { createRequire } from 'node:module'

/** The loader every runtime here installs: flying-squid, a Minecraft server in Node.js (npm). */
export const FLYING_SQUID = 'flying-squid'
export const DEFAULT_GAME_VERSION = '1.21.4'

// flying-squid's own list of the game versions it was tested with (1.8.8 … 1.21.4).
const { testedVersions } = createRequire(import.meta.url)('flying-squid/src/lib/version.js') as { testedVersions: string[] }

export const GAME_VERSIONS: readonly string[] = testedVersions
