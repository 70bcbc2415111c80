import { YOUTUBE_ID } from '../video'
import { cleanUrl, decodeEntities } from './urls'

/**
 * The only iframes allowed (spec §5): YouTube video embeds and the Discord server widget.
 * Sources are rebuilt from their validated parts rather than passed through, so nothing unchecked survives.
 */

const YOUTUBE_HOSTS: ReadonlySet<string> = new Set(['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'])
const DISCORD_HOSTS: ReadonlySet<string> = new Set(['discord.com', 'www.discord.com'])
/** Seconds into the video; YouTube ignores anything else in these. */
const YOUTUBE_PARAMS = ['start', 'end'] as const
const DISCORD_SERVER_ID = /^\d{18,19}$/
const DISCORD_THEMES: ReadonlySet<string> = new Set(['dark', 'light'])

/**
 * The canonical `src` for an allowed embed, or null when the iframe must go. Query parameters other than the
 * allowed ones are dropped rather than failing the embed: YouTube's own share code adds `?si=…` tracking.
 * `raw` is the attribute value as written (entities not yet decoded).
 */
export function safeEmbedSrc(raw: string): string | null {
  let url: URL
  try {
    url = new URL(cleanUrl(decodeEntities(raw)))
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null
  if (YOUTUBE_HOSTS.has(url.hostname)) return youtubeEmbed(url)
  if (DISCORD_HOSTS.has(url.hostname)) return discordWidget(url)
  return null
}

function youtubeEmbed(url: URL): string | null {
  const id = /^\/embed\/([^/]*)$/.exec(url.pathname)?.[1]
  if (id === undefined || !YOUTUBE_ID.test(id)) return null
  const query = new URLSearchParams()
  for (const name of YOUTUBE_PARAMS) {
    const value = url.searchParams.get(name)
    if (value !== null && /^\d+$/.test(value)) query.set(name, value)
  }
  const search = query.toString()
  return `https://${url.hostname}/embed/${id}${search ? `?${search}` : ''}`
}

function discordWidget(url: URL): string | null {
  if (url.pathname !== '/widget') return null
  const id = url.searchParams.get('id')
  if (id === null || !DISCORD_SERVER_ID.test(id)) return null
  const theme = url.searchParams.get('theme')
  return `https://discord.com/widget?id=${id}${theme !== null && DISCORD_THEMES.has(theme) ? `&theme=${theme}` : ''}`
}
