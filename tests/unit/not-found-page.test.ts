/**
 * Issue 34 item 8: the 404 page for a path no route matches says "Page Not Found: {fullPath}" (spec §8),
 * and a project's version page whose version does not exist says "Version not found".
 */
import { NextIntlClientProvider } from 'next-intl'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { NotFoundView } from '@/components/site/errors/NotFoundView'
import { notFoundFullPath, notFoundReasons, notFoundVariantForPath } from '@/lib/errors'
import messages from '../../messages/en-US.json'

const location = vi.hoisted(() => ({ pathname: '/', search: '' }))
vi.mock('next/navigation', () => ({
  usePathname: () => location.pathname,
  useSearchParams: () => new URLSearchParams(location.search),
}))

afterEach(() => {
  location.pathname = '/'
  location.search = ''
})

function render(pathname: string, search = ''): string {
  location.pathname = pathname
  location.search = search
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale: 'en-US', messages, timeZone: 'UTC', children: createElement(NotFoundView) }))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

describe('the generic 404 page', () => {
  it('says "Page Not Found: {fullPath}" under the title and subtitle of spec §8', () => {
    expect(messages.Errors.notFound.generic.message).toBe('Page Not Found: {fullPath}')
    const html = render('/no/such/page', 'a=1&b=two')
    expect(html).toContain('<p class="error-page__message" data-testid="not-found-message">Page Not Found: /no/such/page?a=1&amp;b=two</p>')
    expect(text(html)).toContain("Page not found The page you were looking for doesn't seem to exist.")
  })

  it('gives the bare path when there is no query string', () => {
    expect(render('/nope')).toContain('>Page Not Found: /nope</p>')
  })

  it('builds the full path from the path and query string', () => {
    expect(notFoundFullPath('/x', '?q=1')).toBe('/x?q=1')
    expect(notFoundFullPath('/x', 'q=1')).toBe('/x?q=1')
    expect(notFoundFullPath('/x', '')).toBe('/x')
    expect(notFoundFullPath(null)).toBe('/')
  })
})

describe('a version that does not exist', () => {
  it.each(['/mod/sodium/version/nope', '/plugin/x/version/nope/edit', '/project/AbCd/version/1.0.0'])('%s is the version 404', (path) => {
    expect(notFoundVariantForPath(path)).toBe('version')
  })

  it('keeps the project 404 for other project paths and the generic one elsewhere', () => {
    expect(notFoundVariantForPath('/mod/sodium')).toBe('project')
    expect(notFoundVariantForPath('/mod/sodium/versions')).toBe('project')
    expect(notFoundVariantForPath('/mod/sodium/version/new')).toBe('project')
    expect(notFoundVariantForPath('/version/nope')).toBe('generic')
    expect(notFoundVariantForPath('/user/alice/version/x')).toBe('user')
    expect(notFoundReasons('version')).toEqual([])
  })

  it('says "Version not found"', () => {
    const html = render('/mod/sodium/version/nope')
    expect(html).toContain('<h1 id="error-title" class="error-page__title">Version not found</h1>')
    expect(html).not.toContain('Project not found')
    expect(html).not.toContain('Page Not Found')
  })

  it('the project 404 is unchanged', () => {
    const html = render('/mod/nope')
    expect(html).toContain('Project not found')
    expect(html).not.toContain('not-found-message')
  })
})
