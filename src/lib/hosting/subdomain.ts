/**
 * A server's subdomain (the network page): 3–32 lowercase letters, digits and inner dashes, not one
 * the site keeps for itself. Pure; uniqueness is the database's.
 */
export const RESERVED_SUBDOMAINS = new Set(['www', 'api', 'admin', 'mail', 'smtp', 'ftp', 'cdn', 'files', 'static', 'status', 'staging', 'play', 'mc', 'minecraft', 'blockforge', 'support', 'help', 'docs'])

export type SubdomainCheck = { ok: true; value: string } | { ok: false; reason: string }

export function checkSubdomain(input: string): SubdomainCheck {
  const value = input.trim().toLowerCase()
  if (!/^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]$/.test(value)) return { ok: false, reason: 'A subdomain is 3 to 32 lowercase letters, digits and dashes, not starting or ending with a dash.' }
  if (value.includes('--')) return { ok: false, reason: 'A subdomain cannot hold two dashes in a row.' }
  if (RESERVED_SUBDOMAINS.has(value)) return { ok: false, reason: 'That subdomain is kept by the site. Pick another.' }
  return { ok: true, value }
}
