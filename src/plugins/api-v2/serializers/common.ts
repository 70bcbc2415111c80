import { env } from '../../../lib/env'
import type { Image } from '../../../payload-types'

/** Upload URLs are absolute when the site URL is configured; make sure of it either way. */
export function absoluteUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (/^https?:\/\//i.test(url)) return url
  return `${env.siteUrl()}${url.startsWith('/') ? '' : '/'}${url}`
}

/** A resized variant of an image when there is one, else the original. */
export const imageUrl = (image: Image | null | undefined, size?: 'icon' | 'card' | 'large') =>
  absoluteUrl((size && image?.sizes?.[size]?.url) || image?.url)

export const iso = (value: string | null | undefined): string | null => (value ? new Date(value).toISOString() : null)

/** v2 side types → the v3 `environment` value (labrinth `convert_v2_side_types_to_v3_side_types`). */
export function environmentOf(clientSide: string | null | undefined, serverSide: string | null | undefined): string {
  switch (`${clientSide ?? 'unknown'}/${serverSide ?? 'unknown'}`) {
    case 'required/required':
      return 'client_and_server'
    case 'required/unsupported':
      return 'client_only'
    case 'required/optional':
      return 'client_only_server_optional'
    case 'unsupported/required':
      return 'server_only'
    case 'optional/required':
      return 'server_only_client_optional'
    case 'optional/optional':
      return 'client_or_server'
    default:
      return 'unknown'
  }
}

/**
 * A v3 `environment` → the v2 side types we keep on the project (labrinth
 * `convert_v3_environment_to_v2_side_types`; lossy like it: singleplayer_only reads back as client_and_server).
 */
export function sidesOf(environment: string): { clientSide: string; serverSide: string } {
  const [clientSide, serverSide] = ({
    client_and_server: ['required', 'required'],
    client_only: ['required', 'unsupported'],
    client_only_server_optional: ['required', 'optional'],
    singleplayer_only: ['required', 'required'],
    server_only: ['unsupported', 'required'],
    server_only_client_optional: ['optional', 'required'],
    dedicated_server_only: ['unsupported', 'required'],
    client_or_server: ['optional', 'optional'],
    client_or_server_prefers_both: ['optional', 'optional'],
  } as Record<string, [string, string]>)[environment] ?? ['unknown', 'unknown']
  return { clientSide, serverSide }
}
