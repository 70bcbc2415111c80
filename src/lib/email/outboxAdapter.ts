import type { EmailAdapter, SendEmailOptions } from 'payload'

export const OUTBOX_SLUG = 'email-outbox'

const addresses = (value: SendEmailOptions['to']): string => {
  if (!value) return ''
  const list = Array.isArray(value) ? value : [value]
  return list.map((a) => (typeof a === 'string' ? a : a.address)).join(', ')
}

/**
 * Mail without a mail server (no SMTP_HOST): written to the server log and to the staff-only
 * `email-outbox` collection, so someone running the site locally can still finish a sign-up or a
 * password reset. A system write (`overrideAccess`): nobody can write the outbox through the API.
 */
export const outboxAdapter =
  (from: { fromName: string; fromAddress: string }): EmailAdapter =>
  ({ payload }) => ({
    name: 'outbox',
    defaultFromName: from.fromName,
    defaultFromAddress: from.fromAddress,
    sendEmail: async (message) => {
      const to = addresses(message.to)
      const subject = String(message.subject ?? '')
      payload.logger.info({ msg: `Email (no SMTP configured) to ${to}: ${subject}`, text: message.text })
      await payload.create({
        collection: OUTBOX_SLUG,
        data: { to, subject, html: typeof message.html === 'string' ? message.html : '', text: typeof message.text === 'string' ? message.text : '' },
        overrideAccess: true,
        depth: 0,
      })
      return { to, subject }
    },
  })
