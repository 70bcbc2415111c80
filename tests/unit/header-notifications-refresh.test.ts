// @vitest-environment happy-dom
/**
 * Issue 34 item 2: the header reads the unread count after hydration and again every minute while
 * the tab is visible, on window focus, and when the notifications page says its list changed.
 */
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { NOTIFICATIONS_UNREAD_URL } from '@/components/site/links'
import { NOTIFICATIONS_CHANGED, NotificationsChanged, useUnreadNotifications } from '@/components/site/UnreadNotifications'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let unread = 3
let status = 200
const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(status === 200 ? { unread } : { error: 'no' }), { status }))
let root: Root
let seen: (number | null)[]

function Probe() {
  seen.push(useUnreadNotifications())
  return null
}

const flush = () => act(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0))
})

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockClear()
  unread = 3
  status = 200
  seen = []
  root = createRoot(document.createElement('div'))
  await act(async () => root.render(createElement(Probe)))
  await flush()
})

afterEach(() => {
  act(() => root.unmount())
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const latest = () => seen[seen.length - 1]

describe('the unread count in the browser', () => {
  it('is read once after hydration, privately', async () => {
    expect(seen[0]).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]![0]).toBe(NOTIFICATIONS_UNREAD_URL)
    expect(latest()).toBe(3)
  })

  it('is read again on window focus and on the notifications page’s event', async () => {
    unread = 2
    await act(async () => void window.dispatchEvent(new Event('focus')))
    await flush()
    expect(latest()).toBe(2)
    unread = 0
    await act(async () => void window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED)))
    await flush()
    expect(latest()).toBe(0)
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('is read every minute while the tab is visible, not while it is hidden', async () => {
    unread = 5
    await act(async () => void vi.advanceTimersByTime(60_000))
    await flush()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(latest()).toBe(5)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await act(async () => void vi.advanceTimersByTime(120_000))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    visibility.mockReturnValue('visible')
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')))
    await flush()
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('keeps the last count when the read fails (signed out meanwhile)', async () => {
    status = 401
    await act(async () => void window.dispatchEvent(new Event('focus')))
    await flush()
    expect(latest()).toBe(3)
  })

  it('is told by the notifications page whenever that page’s unread count changes', async () => {
    const events = vi.fn()
    window.addEventListener(NOTIFICATIONS_CHANGED, events)
    const page = createRoot(document.createElement('div'))
    await act(async () => page.render(createElement(NotificationsChanged, { unread: 4 })))
    await act(async () => page.render(createElement(NotificationsChanged, { unread: 4 })))
    expect(events).toHaveBeenCalledTimes(1)
    await act(async () => page.render(createElement(NotificationsChanged, { unread: 3 })))
    expect(events).toHaveBeenCalledTimes(2)
    act(() => page.unmount())
    window.removeEventListener(NOTIFICATIONS_CHANGED, events)
  })
})
