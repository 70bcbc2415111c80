import { describe, expect, it } from 'vitest'

import { clickNavigationTarget, estimatedProgress, pageKey, shouldScrollToTop, type LinkClick } from '../../src/lib/navigation'
import { placeTooltip } from '../../src/lib/tooltip-placement'
import { DISPOSE_TIMEOUT_MS, DROPDOWN, LOADING_BAR, MENU, TOOLTIP, TOUCH_CLOSE_THRESHOLD_PX } from '../../src/lib/ui-timings'

const here = new URL('https://example.test/mods?q=sodium#top')
const click = (href: string, extra: Partial<LinkClick> = {}): LinkClick => ({ href, target: null, download: false, button: 0, modifier: false, ...extra })

describe('spec §9 constants', () => {
  it('match the specification', () => {
    expect(TOOLTIP).toMatchObject({ placement: 'top', showDelayMs: 200, distancePx: 5 })
    expect(TOOLTIP.triggers).toEqual(['hover', 'focus', 'touch'])
    expect(DROPDOWN).toEqual({ placement: 'bottom', triggers: ['click'] })
    expect(MENU.hideDelayMs).toBe(400)
    expect(DISPOSE_TIMEOUT_MS).toBe(150)
    expect(TOUCH_CLOSE_THRESHOLD_PX).toBe(20)
    expect(LOADING_BAR).toEqual({ throttleMs: 50, durationMs: 500, heightPx: 3 })
  })
})

describe('link clicks that start a page transition', () => {
  it('takes same-origin links to another page', () => {
    expect(clickNavigationTarget(click('/mod/sodium'), here)).toBe('/mod/sodium')
    expect(clickNavigationTarget(click('https://example.test/mods?q=iris'), here)).toBe('/mods?q=iris')
    expect(clickNavigationTarget(click('/mods'), here)).toBe('/mods')
  })

  it('ignores the page already shown, hash jumps included', () => {
    expect(clickNavigationTarget(click('/mods?q=sodium'), here)).toBeNull()
    expect(clickNavigationTarget(click('#download'), here)).toBeNull()
    expect(clickNavigationTarget(click('/mods?q=sodium#filters'), here)).toBeNull()
  })

  it('ignores other origins, schemes, new tabs, downloads and modified or non-primary clicks', () => {
    expect(clickNavigationTarget(click('https://other.test/mods'), here)).toBeNull()
    expect(clickNavigationTarget(click('mailto:someone@example.test'), here)).toBeNull()
    expect(clickNavigationTarget(click('javascript:void(0)'), here)).toBeNull()
    expect(clickNavigationTarget(click('/mod/a', { target: '_blank' }), here)).toBeNull()
    expect(clickNavigationTarget(click('/mod/a', { target: '_self' }), here)).toBe('/mod/a')
    expect(clickNavigationTarget(click('/file.jar', { download: true }), here)).toBeNull()
    expect(clickNavigationTarget(click('/mod/a', { modifier: true }), here)).toBeNull()
    expect(clickNavigationTarget(click('/mod/a', { button: 1 }), here)).toBeNull()
    expect(clickNavigationTarget(click('http://[bad'), here)).toBeNull()
  })

  it('ignores links to files and API endpoints (a gallery picture opens in a lightbox)', () => {
    expect(clickNavigationTarget(click('/api/images/file/shot.webp'), here)).toBeNull()
    expect(clickNavigationTarget(click('/downloads/pack.mrpack'), here)).toBeNull()
    // Version numbers in paths have dots but are pages.
    expect(clickNavigationTarget(click('/mod/sodium/version/0.5.8'), here)).toBe('/mod/sodium/version/0.5.8')
  })

  it('keys pages by path and query, not hash', () => {
    expect(pageKey(new URL('https://example.test/a?b=1#c'))).toBe('/a?b=1')
  })
})

describe('loading bar pace', () => {
  it('starts at 0, reaches about 70 % after one duration and never completes by itself', () => {
    expect(estimatedProgress(0, 500)).toBe(0)
    expect(estimatedProgress(-5, 500)).toBe(0)
    expect(estimatedProgress(500, 500)).toBeCloseTo(0.705, 2)
    expect(estimatedProgress(250, 500)).toBeLessThan(estimatedProgress(500, 500))
    expect(estimatedProgress(60_000, 500)).toBe(0.95)
  })
})

describe('scroll to top after a page transition', () => {
  const base = { pathChanged: true, traversal: false, hash: '', keepScroll: false }
  it('scrolls when the path changed through a link or push', () => {
    expect(shouldScrollToTop(base)).toBe(true)
    expect(shouldScrollToTop({ ...base, hash: '#' })).toBe(true)
  })
  it('keeps the position for back/forward, hash targets, query-only changes and opted-out links', () => {
    expect(shouldScrollToTop({ ...base, traversal: true })).toBe(false)
    expect(shouldScrollToTop({ ...base, hash: '#download' })).toBe(false)
    expect(shouldScrollToTop({ ...base, pathChanged: false })).toBe(false)
    expect(shouldScrollToTop({ ...base, keepScroll: true })).toBe(false)
  })
})

describe('tooltip placement', () => {
  const viewport = { width: 390, height: 800 }
  const tip = { width: 80, height: 28 }

  it('centres the tooltip 5 px above the trigger', () => {
    const trigger = { left: 150, top: 200, width: 40, height: 40 }
    expect(placeTooltip(trigger, tip, viewport)).toEqual({ placement: 'top', left: 130, top: 200 - 5 - 28 })
  })

  it('flips below when there is no room above', () => {
    const trigger = { left: 150, top: 10, width: 40, height: 40 }
    expect(placeTooltip(trigger, tip, viewport)).toEqual({ placement: 'bottom', left: 130, top: 55 })
  })

  it('stays above when neither side has room', () => {
    expect(placeTooltip({ left: 150, top: 10, width: 40, height: 40 }, tip, { width: 390, height: 60 }).placement).toBe('top')
  })

  it('shifts sideways to stay inside the viewport', () => {
    expect(placeTooltip({ left: 0, top: 200, width: 30, height: 30 }, tip, viewport).left).toBe(8)
    expect(placeTooltip({ left: 370, top: 200, width: 20, height: 30 }, tip, viewport).left).toBe(390 - 8 - 80)
    expect(placeTooltip({ left: 10, top: 200, width: 20, height: 30 }, { width: 500, height: 28 }, viewport).left).toBe(8)
  })
})
