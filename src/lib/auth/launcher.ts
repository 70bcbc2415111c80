/**
 * Signing in a launcher (a desktop app) through the site, as Modrinth's app does: the app opens
 * `/auth/sign-in?launcher=true` in a browser or web view; whichever way the person signs in (password,
 * two-factor, a provider, a new account), they end at LAUNCHER_FINISH_PATH, which makes the app a
 * session of its own and sends the browser to the launcher's address with `?code=<session token>`.
 * The app reads the code from that address; the session shows (and is revoked) on /settings/sessions.
 */
export const LAUNCHER_PARAM = 'launcher'
export const LAUNCHER_FINISH_PATH = '/auth/launcher/finish'
/** The default landing page: "return to the app"; an app that watches its web view reads the code here. */
export const LAUNCHER_DONE_PATH = '/auth/launcher'
/** How the app's session is named on the sessions page. */
export const LAUNCHER_PLATFORM = 'Launcher'

/** Whether a query value asks for the launcher flow (`?launcher=true`, as the app sends it). */
export function isLauncherParam(value: unknown): boolean {
  const v = Array.isArray(value) ? value[0] : value
  return typeof v === 'string' && ['true', '1'].includes(v.toLowerCase())
}

/** `path` with `launcher=true` added when the flow is on, so links between auth pages keep it. */
export function keepLauncher(path: string, on: boolean): string {
  if (!on) return path
  return `${path}${path.includes('?') ? '&' : '?'}${LAUNCHER_PARAM}=true`
}

/**
 * The launcher address from LAUNCHER_REDIRECT_URL: an absolute URL (a loopback `http://127.0.0.1:…`
 * or the app's own scheme), never a script or data URL; anything else falls back to the site's page.
 */
export function launcherBaseUrl(configured: string | undefined, siteUrl: string): string {
  const fallback = `${siteUrl.replace(/\/$/, '')}${LAUNCHER_DONE_PATH}`
  const raw = configured?.trim()
  if (!raw) return fallback
  try {
    const url = new URL(raw)
    return /^(javascript|data|vbscript|file|blob):$/i.test(url.protocol) ? fallback : url.toString()
  } catch {
    return fallback
  }
}

/** The address the browser is sent to with the app's session token. */
export function launcherRedirect(base: string, token: string): string {
  const url = new URL(base)
  url.searchParams.set('code', token)
  return url.toString()
}

/** Where a new account lands: the welcome page, which leads on to the app in a launcher's sign-in. */
export const welcomePath = (launcher: boolean): string => keepLauncher('/auth/welcome', launcher)
