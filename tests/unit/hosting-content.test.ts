import { describe, expect, it } from 'vitest'

import { catalogueFilter, contentFolderOf, isContentName, isDisabled, missingRequired, toggledName } from '../../src/lib/hosting/content'

describe('server content rules', () => {
  it('plugins for plugin loaders, mods for the rest', () => {
    expect(contentFolderOf('paper')).toBe('plugins')
    expect(contentFolderOf('fabric')).toBe('mods')
    expect(contentFolderOf('flying-squid')).toBe('mods')
    expect(contentFolderOf(null)).toBe('mods')
  })

  it('offers the server’s game version and loader; any loader on flying-squid', () => {
    expect(catalogueFilter({ loader: 'fabric', game_version: '1.21.4' })).toEqual({ projectType: 'mod', loaders: ['fabric'], gameVersions: ['1.21.4'] })
    expect(catalogueFilter({ loader: 'paper', game_version: '1.21.4' })).toEqual({ projectType: 'plugin', loaders: ['paper'], gameVersions: ['1.21.4'] })
    expect(catalogueFilter({ loader: 'flying-squid', game_version: '1.21.4' }).loaders).toEqual([])
  })

  it('disables by name and back', () => {
    expect(toggledName('sodium.jar')).toBe('sodium.jar.disabled')
    expect(toggledName('sodium.jar.disabled')).toBe('sodium.jar')
    expect(isDisabled('sodium.jar.disabled')).toBe(true)
    expect(isDisabled('sodium.jar')).toBe(false)
  })

  it('acts only on plain names', () => {
    expect(isContentName('a.jar')).toBe(true)
    for (const bad of ['', '.', '..', 'a/b.jar', '..\\x', 'a\u0000b']) expect(isContentName(bad), bad).toBe(false)
  })

  it('lists the required dependencies not yet installed, once each', () => {
    const deps = [
      { project: 'api', version: null, dependencyType: 'required' },
      { project: 'api', version: 'v2', dependencyType: 'required' },
      { project: 'extra', version: null, dependencyType: 'optional' },
      { project: 'lib', version: null, dependencyType: 'required' },
      { project: null, version: 'pinned', dependencyType: 'required' },
    ]
    expect(missingRequired(deps, new Set(['lib']))).toEqual([deps[0], deps[4]])
  })
})
