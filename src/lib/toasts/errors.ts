/**
 * Handled errors as toasts (spec §8: "Toast for handled errors: title 'An error occurred', type
 * error, text is the message; actions copy (title, text, error code) and dismiss"). The error
 * object of spec §3 is `{ statusCode, message }`; thrown `Error`s and Next's server errors (which
 * carry a `digest` instead of their real message in production) are read the same way.
 */
import type { Toast, ToastInput } from './state'

/** The error shape server actions return for a handled failure (spec §3 "Error object"). */
export type HandledError = { statusCode: number; message: string }

export type ErrorTexts = {
  /** The toast title: 'An error occurred'. */
  title: string
  /** Used when the error carries no message of its own. */
  fallback: string
  /** Used for server errors whose message production builds hide (they have a digest instead). */
  server: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A handled error as a toast: title from `texts`, the error's message as text, a code when it has one. */
export function errorToast(error: unknown, texts: ErrorTexts): ToastInput & { type: 'error' } {
  const base = { title: texts.title, type: 'error' as const }
  if (typeof error === 'string') return { ...base, text: error.trim() || texts.fallback }
  if (!isRecord(error)) return { ...base, text: texts.fallback }
  const digest = typeof error.digest === 'string' && error.digest ? error.digest : undefined
  const status = typeof error.statusCode === 'number' ? error.statusCode : typeof error.status === 'number' ? error.status : undefined
  const message = typeof error.message === 'string' ? error.message.trim() : ''
  const errorCode = digest ?? (status !== undefined ? String(status) : undefined)
  // A digest means Next replaced the real message with a generic English one meant for developers.
  const text = digest ? texts.server : message || texts.fallback
  return { ...base, text, ...(errorCode ? { errorCode } : {}) }
}

/** What a toast's copy action puts on the clipboard: title, text and (when present) the error code. */
export function toastClipboardText(toast: Pick<Toast, 'title' | 'text' | 'errorCode'>, errorCodeLabel: string): string {
  return [toast.title, toast.text, toast.errorCode ? `${errorCodeLabel}: ${toast.errorCode}` : ''].filter(Boolean).join('\n')
}
