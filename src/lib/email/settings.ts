import { z } from 'zod'

import { env } from '../env'

/**
 * SMTP settings from the environment (README "Configuration", .env.example). With no `SMTP_HOST`
 * there is no mail server: mail goes to the server log and the staff-only outbox instead.
 */
const smtpEnv = z.object({
  SMTP_HOST: z.string().trim().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  EMAIL_FROM: z.string().trim().optional(),
})

export type SmtpSettings = { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } }
export type EmailSettings = { smtp: SmtpSettings | null; fromName: string; fromAddress: string }

const blankToUndefined = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]))

/** `EMAIL_FROM` is `Name <address>` or a bare address. */
export function parseFrom(value: string | undefined): { fromName: string; fromAddress: string } {
  const match = value?.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/)
  if (match) return { fromName: match[1].trim() || 'Blockforge', fromAddress: match[2].trim() }
  return { fromName: 'Blockforge', fromAddress: value?.trim() || 'no-reply@blockforge.local' }
}

export function emailSettings(vars: Record<string, string | undefined> = env.smtpVars()): EmailSettings {
  const e = smtpEnv.parse(blankToUndefined({
    SMTP_HOST: vars.SMTP_HOST, SMTP_PORT: vars.SMTP_PORT, SMTP_USER: vars.SMTP_USER, SMTP_PASS: vars.SMTP_PASS, SMTP_SECURE: vars.SMTP_SECURE, EMAIL_FROM: vars.EMAIL_FROM,
  }))
  const secure = e.SMTP_SECURE === 'true'
  const smtp = e.SMTP_HOST
    ? { host: e.SMTP_HOST, port: e.SMTP_PORT ?? (secure ? 465 : 587), secure, ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASS ?? '' } } : {}) }
    : null
  return { smtp, ...parseFrom(e.EMAIL_FROM) }
}
