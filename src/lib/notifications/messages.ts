/*
 * What each notification says (Modrinth's kinds: team_invite, status_change, project_update), pure.
 * Names go in **bold** (src/lib/notifications/inline.ts renders only that).
 */
export type NewNotification = { type: string; title: string; text?: string | null; link?: string | null; body?: Record<string, unknown> }

/** `*` and `_` in a name would read as emphasis marks; they are kept but cannot pair up with ours. */
const name = (s: string) => s.replace(/\*\*/g, '*\u200b*')

export function invitation(target: { kind: 'project' | 'organization'; name: string; path: string; id: string }, inviter: string | null): NewNotification {
  return {
    type: 'team_invite',
    title: target.kind === 'project' ? `You have been invited to join **${name(target.name)}**` : `You have been invited to join the organization **${name(target.name)}**`,
    text: inviter ? `${inviter} invited you. Accept or decline on the ${target.kind === 'project' ? 'project' : 'organization'}'s page.` : null,
    link: target.path,
    body: { type: 'team_invite', [target.kind === 'project' ? 'project_id' : 'organization_id']: target.id },
  }
}

const STATUS_TEXT: Record<string, string> = {
  approved: 'has been approved',
  unlisted: 'has been approved as unlisted',
  private: 'has been approved as private',
  archived: 'has been archived',
  rejected: 'has been rejected',
  withheld: 'has been withheld',
  processing: 'has been submitted for review',
  draft: 'is a draft again',
}

/** The moderators' decisions the team hears about (a submit by the team itself is not news to them). */
export const NOTIFIED_STATUSES = ['approved', 'unlisted', 'private', 'rejected', 'withheld'] as const

export function statusChange(project: { id: string; title: string; path: string }, oldStatus: string, newStatus: string): NewNotification {
  return {
    type: 'status_change',
    title: `**${name(project.title)}** ${STATUS_TEXT[newStatus] ?? `is now ${newStatus}`}`,
    text: newStatus === 'rejected' || newStatus === 'withheld' ? 'Read the moderators’ message on the project page, fix what they asked and resubmit.' : null,
    link: project.path,
    body: { type: 'status_change', project_id: project.id, old_status: oldStatus, new_status: newStatus },
  }
}

export function projectUpdate(project: { id: string; title: string; path: string }, version: { id: string; number: string; path: string }): NewNotification {
  return {
    type: 'project_update',
    title: `**${name(project.title)}** has been updated`,
    text: `Version ${version.number} is out.`,
    link: version.path,
    body: { type: 'project_update', project_id: project.id, version_id: version.id },
  }
}

/** A reply in a report's thread by someone other than the reporter (a moderator), or its closing. */
export function reportAnswered(report: { id: string }, how: 'replied' | 'closed'): NewNotification {
  return {
    type: 'report_answered',
    title: how === 'replied' ? 'A moderator replied to your report' : 'Your report has been closed',
    text: how === 'replied' ? 'Read the reply and answer on the report’s page.' : 'Thank you for reporting. The moderators have dealt with it.',
    link: `/dashboard/report/${encodeURIComponent(report.id)}`,
    body: { type: 'report_answered', report_id: report.id, event: how },
  }
}

/** A renewal that could not be charged (written by billing, src/plugins/billing/service/apply.ts). */
export const paymentFailed = (): NewNotification => ({
  type: 'subscription_payment_failed',
  title: 'Your subscription payment failed',
  text: 'We could not renew your subscription. Pay with another card or cancel it in your billing settings.',
  link: '/settings/billing',
})

/** A withdrawal's outcome (src/plugins/revenue/service/payout.ts); `amount` is formatted, e.g. "$12.00". */
export function payout(withdrawal: { id: string; amount: string }, outcome: 'paid' | 'reversed' | 'returned', reason: string | null): NewNotification {
  const title = outcome === 'paid' ? `Your payout of ${withdrawal.amount} has been sent` : outcome === 'reversed' ? `Your payout of ${withdrawal.amount} did not go through` : `Your payout of ${withdrawal.amount} came back`
  const back = outcome === 'paid' ? null : 'The money is back in your balance.'
  return {
    type: 'payout',
    title,
    text: [reason, back].filter(Boolean).join(' ') || null,
    link: '/dashboard/revenue/transfers',
    body: { type: 'payout', withdrawal_id: withdrawal.id, outcome },
  }
}
