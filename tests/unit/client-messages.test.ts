import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { CLIENT_MESSAGE_NAMESPACES, CLIENT_MESSAGE_SECTIONS, clientNamespaces, pickMessages } from '../../src/i18n/config'
import messages from '../../messages/en-US.json'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(tsx?|mts)$/.test(name) ? [full] : []
  })
}

describe('messages sent to the browser', () => {
  it('cover every namespace a client component translates with', () => {
    const used = new Set<string>()
    for (const file of sourceFiles(path.resolve('src'))) {
      if (file.includes(`${path.sep}(payload)${path.sep}`)) continue
      const text = readFileSync(file, 'utf8')
      if (!/^\s*['"]use client['"]/.test(text)) continue
      for (const m of text.matchAll(/useTranslations\(\s*['"]([^'".]+)/g)) used.add(m[1])
      expect(text, `${file} translates without a namespace`).not.toMatch(/useTranslations\(\s*\)/)
    }
    expect(used.size).toBeGreaterThan(0)
    for (const ns of used) expect(CLIENT_MESSAGE_NAMESPACES, `namespace ${ns}`).toContain(ns)
  })

  it('names only namespaces that exist, and picks exactly those', () => {
    const tops = [...new Set(CLIENT_MESSAGE_NAMESPACES.map((ns) => ns.split('.')[0]!))]
    for (const ns of tops) expect(Object.keys(messages)).toContain(ns)
    const picked = pickMessages(messages, CLIENT_MESSAGE_NAMESPACES)
    expect(Object.keys(picked).sort()).toEqual(tops.sort())
    expect(picked.Project).toBe(messages.Project)
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(messages).length / 1.5)
  })

  it('sends each section only the site’s namespaces and its own, from a layout of that section', () => {
    const size = (namespaces: readonly string[]) => JSON.stringify(pickMessages(messages, namespaces)).length
    // A search or home page carries a small part of what every client component could say.
    expect(size(clientNamespaces())).toBeLessThan(size(CLIENT_MESSAGE_NAMESPACES) / 3)
    const layouts = sourceFiles(path.resolve('src/app')).filter((f) => f.endsWith('layout.tsx')).map((f) => readFileSync(f, 'utf8'))
    for (const section of Object.keys(CLIENT_MESSAGE_SECTIONS).filter((s) => s !== 'site') as (keyof typeof CLIENT_MESSAGE_SECTIONS & string)[]) {
      expect(clientNamespaces(section as Exclude<typeof section, 'site'>)).toEqual(expect.arrayContaining([...CLIENT_MESSAGE_SECTIONS.site, ...CLIENT_MESSAGE_SECTIONS[section]]))
      expect(layouts.some((text) => text.includes(`<ClientMessages section="${section}">`)), `a layout sends the ${section} section`).toBe(true)
    }
  })

  it('picks parts of a namespace, merged, and the whole one over its parts in either order', () => {
    const catalogue = { Auth: { errors: { a: 'A' }, verify: { b: 'B' }, signIn: { c: 'C' } }, Shell: { d: 'D' } }
    expect(pickMessages(catalogue, ['Auth.errors', 'Auth.verify', 'Shell'])).toEqual({ Auth: { errors: { a: 'A' }, verify: { b: 'B' } }, Shell: { d: 'D' } })
    expect(pickMessages(catalogue, ['Auth.errors', 'Auth'])).toEqual({ Auth: catalogue.Auth })
    expect(pickMessages(catalogue, ['Auth', 'Auth.errors'])).toEqual({ Auth: catalogue.Auth })
    expect(pickMessages(catalogue, ['Auth.nothing', 'Nope'])).toEqual({})
    // The catalogue itself is left as it was.
    expect(catalogue.Auth).toEqual({ errors: { a: 'A' }, verify: { b: 'B' }, signIn: { c: 'C' } })
  })
})
