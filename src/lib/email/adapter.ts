import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { EmailAdapter } from 'payload'

import { outboxAdapter } from './outboxAdapter'
import { emailSettings } from './settings'

/**
 * The site's mail: SMTP when `SMTP_HOST` is set, else the outbox. (nodemailerAdapter without a
 * transport would send through ethereal.email, a public test service: never used.)
 */
export function emailAdapter(env: Record<string, string | undefined> = process.env): EmailAdapter | Promise<EmailAdapter> {
  const { smtp, fromName, fromAddress } = emailSettings(env)
  if (!smtp) return outboxAdapter({ fromName, fromAddress })
  return nodemailerAdapter({ defaultFromName: fromName, defaultFromAddress: fromAddress, skipVerify: true, transportOptions: smtp })
}
