import { describe, expect, it } from 'vitest'

import {
  NOT_FOUND_PREFIXES,
  notFoundReasons,
  notFoundVariantForPath,
  pathnameOf,
  toDisplayError,
  UNKNOWN_ERROR_STATUS,
} from '../../src/lib/errors'
import messages from '../../messages/en-US.json'

describe('notFoundVariantForPath', () => {
  it.each(['/mod/', '/datapack/', '/resourcepack/', '/plugin/', '/shader/', '/modpack/', '/project/'])(
    'maps %s… to the project page',
    (prefix) => {
      expect(notFoundVariantForPath(`${prefix}nope`)).toBe('project')
      expect(notFoundVariantForPath(`${prefix}nope/versions`)).toBe('project')
    },
  )

  it('maps user, organization and collection prefixes', () => {
    expect(notFoundVariantForPath('/user/nobody')).toBe('user')
    expect(notFoundVariantForPath('/user/nobody/mods')).toBe('user')
    expect(notFoundVariantForPath('/organization/acme/settings')).toBe('organization')
    expect(notFoundVariantForPath('/collection/AbCd1234')).toBe('collection')
  })

  it('gives the generic page to everything else', () => {
    for (const path of ['/', '/nope', '/mods', '/mod', '/users/x', '/modpacks/x', '/news/article/x', '/a/mod/x', '/MOD/x']) {
      expect(notFoundVariantForPath(path)).toBe('generic')
    }
  })

  it('is generic when the path is unknown', () => {
    expect(notFoundVariantForPath(null)).toBe('generic')
    expect(notFoundVariantForPath(undefined)).toBe('generic')
    expect(notFoundVariantForPath('')).toBe('generic')
  })

  it('ignores query strings, fragments and origins', () => {
    expect(notFoundVariantForPath('/mod/x?version=1.0&loader=fabric#download')).toBe('project')
    expect(notFoundVariantForPath('https://example.com/user/alice?tab=mods')).toBe('user')
    expect(notFoundVariantForPath('/nope?next=/mod/x')).toBe('generic')
  })

  it('covers the ten prefixes of spec §8', () => {
    expect(NOT_FOUND_PREFIXES.map(([p]) => p)).toEqual([
      '/mod/',
      '/datapack/',
      '/resourcepack/',
      '/plugin/',
      '/shader/',
      '/modpack/',
      '/project/',
      '/user/',
      '/organization/',
      '/collection/',
    ])
  })
})

describe('pathnameOf', () => {
  it('keeps only the path', () => {
    expect(pathnameOf('/a/b?c=d#e')).toBe('/a/b')
    expect(pathnameOf('http://localhost:3000')).toBe('/')
    expect(pathnameOf('mod/x')).toBe('/mod/x')
  })
})

describe('not-found texts', () => {
  const nf = messages.Errors.notFound

  it('has the generic title and subtitle of spec §8', () => {
    expect(nf.generic.title).toBe('Page not found')
    expect(nf.generic.subtitle).toBe("The page you were looking for doesn't seem to exist.")
    expect(notFoundReasons('generic')).toEqual([])
  })

  it('has the entity titles of spec §8', () => {
    expect(nf.project.title).toBe('Project not found')
    expect(nf.user.title).toBe('User not found')
    expect(nf.organization.title).toBe('Organization not found')
    expect(nf.collection.title).toBe('Collection not found')
  })

  it('lists three reasons for every entity, each with a message', () => {
    for (const variant of ['project', 'user', 'organization', 'collection'] as const) {
      const keys = notFoundReasons(variant)
      expect(keys).toHaveLength(3)
      for (const key of keys) expect(nf[variant].reasons[key]).toMatch(/\S/)
    }
  })

  it('says what each reason is about', () => {
    expect(nf.project.reasons.mistyped).toMatch(/mistyped/i)
    expect(nf.project.reasons.changed).toMatch(/changed the URL.*private.*deleted/i)
    expect(nf.project.reasons.removed).toMatch(/moderation/i)
    expect(nf.user.reasons.mistyped).toMatch(/username/i)
    expect(nf.user.reasons.changed).toMatch(/username.*deleted/i)
    expect(nf.user.reasons.removed).toMatch(/terminated/i)
    expect(nf.organization.reasons.changed).toMatch(/URL.*deleted/i)
    expect(nf.organization.reasons.removed).toMatch(/removed.*moderation/i)
    expect(nf.collection.reasons.changed).toMatch(/private/i)
    expect(nf.collection.reasons.removed).toMatch(/taken down/i)
  })

  it('has the "Uh oh!" texts of spec §8', () => {
    const u = messages.Errors.uhOh
    expect(u.title).toBe('Uh oh!')
    expect(u.subtitle).toBe('Something went wrong.')
    expect(u.listTitle).toBe('Please try again in a few minutes.')
    expect(u.statusPage).toMatch(/status page/)
    expect(u.chat).toMatch(/persists/)
    expect(u.code).toBe('Error {statusCode}')
    expect(u.unknown).toBe('Unknown error')
  })
})

describe('toDisplayError', () => {
  it('defaults to status 1000 with no message', () => {
    expect(UNKNOWN_ERROR_STATUS).toBe(1000)
    expect(toDisplayError(undefined)).toEqual({ statusCode: 1000, message: null, digest: null })
    expect(toDisplayError(42)).toEqual({ statusCode: 1000, message: null, digest: null })
    expect(toDisplayError({})).toEqual({ statusCode: 1000, message: null, digest: null })
  })

  it('keeps the message of a client error', () => {
    expect(toDisplayError(new Error('Boom'))).toEqual({ statusCode: 1000, message: 'Boom', digest: null })
    expect(toDisplayError('  plain text ')).toEqual({ statusCode: 1000, message: 'plain text', digest: null })
  })

  it('uses statusCode or status when present', () => {
    expect(toDisplayError({ statusCode: 503, message: 'Down for maintenance' })).toEqual({
      statusCode: 503,
      message: 'Down for maintenance',
      digest: null,
    })
    expect(toDisplayError(Object.assign(new Error('Forbidden'), { status: 403 })).statusCode).toBe(403)
    expect(toDisplayError({ statusCode: '429' }).statusCode).toBe(429)
    expect(toDisplayError({ statusCode: 'oops' }).statusCode).toBe(1000)
    expect(toDisplayError({ statusCode: 12.5 }).statusCode).toBe(1000)
  })

  it('treats a server-component error as a 500 and hides the redacted text', () => {
    const redacted = Object.assign(
      new Error(
        'An error occurred in the Server Components render. The specific message is omitted in production builds to avoid leaking sensitive details.',
      ),
      { digest: '123456' },
    )
    expect(toDisplayError(redacted)).toEqual({ statusCode: 500, message: null, digest: '123456' })
    const minified = Object.assign(
      new Error('Minified React error #441; visit https://react.dev/errors/441 for the full message'),
      { digest: '2422263860' },
    )
    expect(toDisplayError(minified)).toEqual({ statusCode: 500, message: null, digest: '2422263860' })
    // In development the real message comes through.
    expect(toDisplayError(Object.assign(new Error('db down'), { digest: 'x' }))).toEqual({
      statusCode: 500,
      message: 'db down',
      digest: 'x',
    })
  })
})
