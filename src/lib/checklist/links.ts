/** Link hygiene for the publishing checklist: shorteners, misplaced Discord invites, license URLs. */

const host = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}
const onDomain = (h: string, domains: readonly string[]) => domains.some((d) => h === d || h.endsWith(`.${d}`))

export const LINK_SHORTENERS = ['bit.ly', 'adf.ly', 'tinyurl.com', 'short.io', 'is.gd', 't.co', 'goo.gl', 'ow.ly', 'cutt.ly', 'rebrand.ly', 'shorturl.at', 'linktr.ee'] as const
/** Social and gaming sites: a license text does not live there. */
export const NOT_LICENSE_HOSTS = [
  'twitter.com', 'x.com', 'instagram.com', 'facebook.com', 'tiktok.com', 'telegram.org', 't.me', 'bilibili.com', 'reddit.com',
  'twitch.tv', 'bsky.app', 'youtube.com', 'youtu.be', 'discord.gg', 'discord.com', 'discordapp.com', 'curseforge.com',
  'modrinth.com', 'minecraft.net', 'planetminecraft.com', 'patreon.com', 'ko-fi.com',
] as const

export const isShortened = (url: string): boolean => {
  const h = host(url)
  return h !== null && onDomain(h, LINK_SHORTENERS)
}

export const isDiscordInvite = (url: string): boolean => {
  const h = host(url)
  if (!h) return false
  if (h === 'discord.gg') return true
  return onDomain(h, ['discord.com', 'discordapp.com']) && /^\/invite\//.test(new URL(url).pathname)
}

/** A license URL must be a real page for the license: https, not a shortener, not a social or gaming site. */
export function licenseUrlProblem(url: string): 'notHttps' | 'shortened' | 'socialOrGaming' | null {
  const h = host(url)
  if (!h || !url.toLowerCase().startsWith('https://')) return 'notHttps'
  if (onDomain(h, LINK_SHORTENERS)) return 'shortened'
  if (onDomain(h, NOT_LICENSE_HOSTS)) return 'socialOrGaming'
  return null
}

/** The same address in two link fields (ignoring case, a trailing slash and the scheme). */
export function hasIdenticalLinks(urls: (string | null | undefined)[]): boolean {
  const seen = new Set<string>()
  for (const url of urls) {
    if (!url) continue
    const key = url.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '')
    if (seen.has(key)) return true
    seen.add(key)
  }
  return false
}
