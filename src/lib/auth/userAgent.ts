import Bowser from 'bowser'

export type DeviceSummary = { os: string | null; platform: string | null }

/**
 * What the sessions page names a sign-in by (spec §3 Session: OS and platform): the operating system
 * and the browser or program, read from the User-Agent with bowser. A launcher or script that sends
 * its own name (`ModrinthApp/0.8`, `curl/8.5`) is named by that.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? '').trim().slice(0, 512)
  if (!ua) return { os: null, platform: null }
  const parsed = Bowser.parse(ua)
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null
  const program = parsed.browser.name || /^([\w.-]+)\//.exec(ua)?.[1] || null
  return { os, platform: program }
}
