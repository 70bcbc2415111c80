/**
 * Toast notifications as plain data (spec §3 "Notification (toast)", §4 "Toast"). Every function
 * is pure: it takes the list and the current time and returns a new list, so timers are data
 * (a deadline while running, the time left while paused) and the React layer only schedules one
 * `setTimeout` for the earliest deadline.
 */
import { TOAST_TIMEOUT_MS } from '../ui-timings'

export const TOAST_TYPES = ['error', 'warning', 'success', 'info'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

/** Where the stack sits; spec: left or right, default right. */
export type ToastLocation = 'left' | 'right'
export const DEFAULT_TOAST_LOCATION: ToastLocation = 'right'

/** What a caller supplies. Any `type` other than error, warning or success is shown as informational. */
export type ToastInput = { title: string; text?: string; type?: string; errorCode?: string }

export type Toast = {
  /** The time it was first shown (ms since the epoch), made unique within the list. */
  id: number
  title: string
  text: string
  type: ToastType
  /** How many identical toasts were raised; shown as a badge above 1. */
  count: number
  errorCode?: string
  /** When it closes on its own; null while paused. */
  deadline: number | null
  /** Time left when paused (the full timeout while running, for reference). */
  remaining: number
}

export function toastType(type: string | undefined): ToastType {
  return type === 'error' || type === 'warning' || type === 'success' ? type : 'info'
}

/** Same title, text and type: a repeat that raises the count instead of stacking another toast. */
const sameToast = (toast: Toast, title: string, text: string, type: ToastType) => toast.title === title && toast.text === text && toast.type === type

export type AddResult = { toasts: Toast[]; toast: Toast }

/**
 * Shows a toast, or counts a repeat of one already shown and restarts its timer (still paused if
 * it is hovered: the full time applies once the pointer leaves). Returns the new list and the
 * toast as it now stands (for announcing it).
 */
export function addToast(toasts: readonly Toast[], input: ToastInput, now: number, timeoutMs = TOAST_TIMEOUT_MS): AddResult {
  const title = input.title
  const text = input.text ?? ''
  const type = toastType(input.type)
  const existing = toasts.find((t) => sameToast(t, title, text, type))
  if (existing) {
    const toast: Toast = {
      ...existing,
      count: existing.count + 1,
      errorCode: input.errorCode ?? existing.errorCode,
      deadline: existing.deadline === null ? null : now + timeoutMs,
      remaining: timeoutMs,
    }
    return { toasts: toasts.map((t) => (t.id === existing.id ? toast : t)), toast }
  }
  // Ids are timestamps (spec); two toasts raised in the same millisecond get the next free one.
  let id = now
  while (toasts.some((t) => t.id === id)) id += 1
  const toast: Toast = { id, title, text, type, count: 1, deadline: now + timeoutMs, remaining: timeoutMs, ...(input.errorCode ? { errorCode: input.errorCode } : {}) }
  return { toasts: [...toasts, toast], toast }
}

export function dismissToast(toasts: readonly Toast[], id: number): Toast[] {
  return toasts.filter((t) => t.id !== id)
}

export function clearToasts(): Toast[] {
  return []
}

/** Stops a toast's timer, keeping the time it had left. Returns the same array when it was not running. */
export function pauseToast(toasts: readonly Toast[], id: number, now: number): readonly Toast[] {
  if (!toasts.some((t) => t.id === id && t.deadline !== null)) return toasts
  return toasts.map((t) => (t.id === id && t.deadline !== null ? { ...t, deadline: null, remaining: Math.max(0, t.deadline - now) } : t))
}

/** Restarts a paused toast's timer with the time it had left. Returns the same array when it was running. */
export function resumeToast(toasts: readonly Toast[], id: number, now: number): readonly Toast[] {
  if (!toasts.some((t) => t.id === id && t.deadline === null)) return toasts
  return toasts.map((t) => (t.id === id && t.deadline === null ? { ...t, deadline: now + t.remaining } : t))
}

/** Drops the toasts whose time is up. Returns the same array when nothing expired. */
export function expireToasts(toasts: readonly Toast[], now: number): readonly Toast[] {
  return toasts.some((t) => t.deadline !== null && t.deadline <= now) ? toasts.filter((t) => t.deadline === null || t.deadline > now) : toasts
}

/** The earliest deadline among running toasts, or null when none is running. */
export function nextDeadline(toasts: readonly Toast[]): number | null {
  let next: number | null = null
  for (const t of toasts) if (t.deadline !== null && (next === null || t.deadline < next)) next = t.deadline
  return next
}

/** The "clear all" control appears once there are several toasts. */
export const showClearAll = (toasts: readonly Toast[]) => toasts.length > 1

/** Screen readers hear errors at once (assertive); everything else waits its turn (polite). */
export const announcePoliteness = (type: ToastType): 'assertive' | 'polite' => (type === 'error' ? 'assertive' : 'polite')
