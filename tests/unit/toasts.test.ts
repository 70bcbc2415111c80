import { describe, expect, it } from 'vitest'

import {
  addToast,
  announcePoliteness,
  clearToasts,
  dismissToast,
  errorToast,
  expireToasts,
  nextDeadline,
  pauseToast,
  resumeToast,
  showClearAll,
  toastClipboardText,
  toastType,
  type Toast,
} from '../../src/lib/toasts'
import { TOAST_TIMEOUT_MS } from '../../src/lib/ui-timings'

const T0 = 1_800_000_000_000
const texts = { title: 'An error occurred', fallback: 'Something went wrong.', server: 'The server could not do that.' }

describe('toast types', () => {
  it('keeps error, warning and success; anything else is informational', () => {
    expect(toastType('error')).toBe('error')
    expect(toastType('warning')).toBe('warning')
    expect(toastType('success')).toBe('success')
    for (const other of [undefined, '', 'info', 'notice', 'ERROR']) expect(toastType(other)).toBe('info')
  })

  it('announces errors assertively and the rest politely', () => {
    expect(announcePoliteness('error')).toBe('assertive')
    for (const type of ['warning', 'success', 'info'] as const) expect(announcePoliteness(type)).toBe('polite')
  })
})

describe('adding toasts', () => {
  it('shows a new toast with a timestamp id, count 1 and a 30 s deadline', () => {
    const { toasts, toast } = addToast([], { title: 'Saved', text: 'Your changes are saved.', type: 'success' }, T0)
    expect(toasts).toEqual([toast])
    expect(toast).toMatchObject({ id: T0, title: 'Saved', text: 'Your changes are saved.', type: 'success', count: 1, deadline: T0 + 30_000 })
    expect(TOAST_TIMEOUT_MS).toBe(30_000)
    expect(toast).not.toHaveProperty('errorCode')
  })

  it('counts an identical toast (same title, text and type) and restarts its timer', () => {
    const first = addToast([], { title: 'A', text: 'x', type: 'error' }, T0).toasts
    const { toasts, toast } = addToast(first, { title: 'A', text: 'x', type: 'error' }, T0 + 10_000)
    expect(toasts).toHaveLength(1)
    expect(toast).toMatchObject({ id: T0, count: 2, deadline: T0 + 40_000 })
  })

  it('stacks toasts that differ in title, text or type', () => {
    let list: readonly Toast[] = []
    for (const input of [
      { title: 'A', text: 'x', type: 'error' },
      { title: 'B', text: 'x', type: 'error' },
      { title: 'A', text: 'y', type: 'error' },
      { title: 'A', text: 'x', type: 'warning' },
    ])
      list = addToast(list, input, T0).toasts
    expect(list).toHaveLength(4)
    // Raised in the same millisecond, they still get distinct ids.
    expect(new Set(list.map((t) => t.id)).size).toBe(4)
    expect(list.map((t) => t.id)).toEqual([T0, T0 + 1, T0 + 2, T0 + 3])
  })

  it('treats an unknown type as informational when matching repeats', () => {
    const first = addToast([], { title: 'A', type: 'notice' }, T0).toasts
    const { toasts, toast } = addToast(first, { title: 'A' }, T0 + 1)
    expect(toasts).toHaveLength(1)
    expect(toast).toMatchObject({ type: 'info', text: '', count: 2 })
  })

  it('keeps a hovered repeat paused, with the full time once it resumes', () => {
    let list: readonly Toast[] = addToast([], { title: 'A' }, T0).toasts
    list = pauseToast(list, T0, T0 + 25_000)
    list = addToast(list, { title: 'A' }, T0 + 26_000).toasts
    expect(list[0]).toMatchObject({ count: 2, deadline: null, remaining: 30_000 })
    list = resumeToast(list, T0, T0 + 50_000)
    expect(list[0].deadline).toBe(T0 + 80_000)
  })
})

describe('timers as data', () => {
  it('expires a toast at its deadline and not before', () => {
    const list = addToast([], { title: 'A' }, T0).toasts
    expect(expireToasts(list, T0 + 29_999)).toBe(list)
    expect(expireToasts(list, T0 + 30_000)).toEqual([])
  })

  it('pauses with the time left and resumes from it', () => {
    let list: readonly Toast[] = addToast([], { title: 'A' }, T0).toasts
    list = pauseToast(list, T0, T0 + 12_000)
    expect(list[0]).toMatchObject({ deadline: null, remaining: 18_000 })
    expect(expireToasts(list, T0 + 10 * 60_000)).toBe(list)
    expect(nextDeadline(list)).toBeNull()
    // Pausing twice does not lose time (and changes nothing).
    expect(pauseToast(list, T0, T0 + 20_000)).toBe(list)
    list = resumeToast(list, T0, T0 + 100_000)
    expect(list[0].deadline).toBe(T0 + 118_000)
    // Resuming a running toast changes nothing.
    expect(resumeToast(list, T0, T0 + 200_000)).toBe(list)
  })

  it('reports the earliest running deadline', () => {
    let list: readonly Toast[] = addToast([], { title: 'A' }, T0).toasts
    list = addToast(list, { title: 'B' }, T0 + 5_000).toasts
    expect(nextDeadline(list)).toBe(T0 + 30_000)
    list = pauseToast(list, T0, T0 + 6_000)
    expect(nextDeadline(list)).toBe(T0 + 35_000)
    expect(nextDeadline([])).toBeNull()
  })
})

describe('dismissing', () => {
  it('removes one toast, or all of them', () => {
    let list: readonly Toast[] = addToast([], { title: 'A' }, T0).toasts
    list = addToast(list, { title: 'B' }, T0).toasts
    expect(showClearAll(list)).toBe(true)
    expect(dismissToast(list, T0).map((t) => t.title)).toEqual(['B'])
    expect(showClearAll(dismissToast(list, T0))).toBe(false)
    expect(clearToasts()).toEqual([])
  })
})

describe('handled errors', () => {
  it('uses the message of an error object and its status code', () => {
    expect(errorToast({ statusCode: 404, message: 'Project not found' }, texts)).toEqual({ title: 'An error occurred', type: 'error', text: 'Project not found', errorCode: '404' })
  })

  it('uses the message of a thrown Error, without a code', () => {
    expect(errorToast(new TypeError('Failed to fetch'), texts)).toEqual({ title: 'An error occurred', type: 'error', text: 'Failed to fetch' })
  })

  it('replaces a hidden server message with a readable one and keeps the digest as the code', () => {
    const error = Object.assign(new Error('An error occurred in the Server Components render.'), { digest: '123456789' })
    expect(errorToast(error, texts)).toEqual({ title: 'An error occurred', type: 'error', text: texts.server, errorCode: '123456789' })
  })

  it('falls back when there is no message', () => {
    for (const e of [undefined, null, 42, {}, new Error(''), '  ']) expect(errorToast(e, texts).text).toBe(texts.fallback)
    expect(errorToast('Plain text', texts).text).toBe('Plain text')
  })

  it('copies title, text and error code', () => {
    expect(toastClipboardText({ title: 'An error occurred', text: 'Project not found', errorCode: '404' }, 'Error code')).toBe('An error occurred\nProject not found\nError code: 404')
    expect(toastClipboardText({ title: 'An error occurred', text: 'Failed to fetch' }, 'Error code')).toBe('An error occurred\nFailed to fetch')
  })
})
