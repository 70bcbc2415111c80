import { plainTitle } from '../notifications/inline'
import type { EmailKind } from '../notifications/kinds'
import type { Email } from './templates'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** What the mail's button says, per kind. */
const ACTION: Record<EmailKind, string> = {
  team_invite: 'View the invitation',
  status_change: 'Open the project',
  report_answered: 'Open your report',
  subscription_payment_failed: 'Open billing settings',
  payout: 'Open your transfers',
  project_update: 'See the new version',
}

/** How a kind is named in the mail's footer (the account settings name them the same way). */
export const KIND_NAMES: Record<EmailKind, string> = {
  team_invite: 'Team and organization invitations',
  status_change: 'Moderation decisions on your projects',
  report_answered: 'Answers to your reports',
  subscription_payment_failed: 'Failed subscription payments',
  payout: 'Payouts',
  project_update: 'New versions of projects you follow',
}

export type NotificationMail = Email & { headers: Record<string, string> }

/** A notification's link as an absolute address on the public site (links are site paths or http(s)). */
const absolute = (siteUrl: string, link: string | null | undefined) => (!link ? siteUrl : link.startsWith('/') ? `${siteUrl}${link}` : /^https?:\/\//i.test(link) ? link : siteUrl)

/**
 * The email for one notification: its title as the subject, its text, a link to the thing, and an
 * unsubscribe link for that kind, with the RFC 8058 one-click headers.
 */
export function notificationEmail(input: {
  siteUrl: string
  username: string
  kind: EmailKind
  title: string
  text?: string | null
  link?: string | null
  unsubscribe: { page: string; oneClick: string }
}): NotificationMail {
  const { siteUrl, kind, unsubscribe } = input
  const subject = plainTitle(input.title)
  const url = absolute(siteUrl, input.link)
  const greeting = `Hi ${input.username},`
  const lines = [subject, input.text].filter((l): l is string => !!l)
  const settings = `${siteUrl}/settings/account#email-notifications`
  const why = `You get this email because “${KIND_NAMES[kind]}” emails are on for your Blockforge account.`
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(ACTION[kind])}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe.page)}">Unsubscribe</a> · <a href="${escapeHtml(settings)}">Email preferences</a></p>`,
  ].join('\n')
  const text = `${greeting}\n\n${lines.join('\n\n')}\n\n${ACTION[kind]}: ${url}\n\n--\n${why}\nUnsubscribe: ${unsubscribe.page}\nEmail preferences: ${settings}\n`
  return {
    subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
