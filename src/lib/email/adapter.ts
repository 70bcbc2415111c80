import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { EmailAdapter } from 'payload'

import { env } from '../env'
import { outboxAdapter } from './outboxAdapter'
import { emailSettings } from './settings'

/**
 * The site's mail: SMTP when `SMTP_HOST` is set, else the outbox. (nodemailerAdapter without a
 * transport would send through ethereal.email, a public test service: never used.)
 */
export function emailAdapter(vars: Record<string, string | undefined> = env.smtpVars()): EmailAdapter | Promise<EmailAdapter> {
  const { smtp, fromName, fromAddress } = emailSettings(vars)
  if (!smtp) return outboxAdapter({ fromName, fromAddress })
  return nodemailerAdapter({ defaultFromName: fromName, defaultFromAddress: fromAddress, skipVerify: true, transportOptions: smtp })
}
