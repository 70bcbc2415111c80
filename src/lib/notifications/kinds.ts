/*
 * Which notifications also go out by email (issue 34 item 2), one preference switch each. The key is
 * the notification's `type`; a kind of notification not listed here never sends mail.
 */
export const EMAIL_KINDS = ['team_invite', 'status_change', 'report_answered', 'subscription_payment_failed', 'payout', 'project_update'] as const
export type EmailKind = (typeof EMAIL_KINDS)[number]

/**
 * On unless the user turns it off: invitations, moderation, reports, payments and payouts are what
 * people expect by mail. New versions of followed projects can be many a day: off until asked for.
 */
export const EMAIL_DEFAULTS: Record<EmailKind, boolean> = {
  team_invite: true,
  status_change: true,
  report_answered: true,
  subscription_payment_failed: true,
  payout: true,
  project_update: false,
}

export const isEmailKind = (type: unknown): type is EmailKind => typeof type === 'string' && (EMAIL_KINDS as readonly string[]).includes(type)

export type EmailPreferences = Partial<Record<EmailKind, boolean | null>>

/** Whether `kind` is on for a user's stored preferences (unset: the kind's default). */
export const wantsEmail = (prefs: EmailPreferences | null | undefined, kind: EmailKind): boolean => prefs?.[kind] ?? EMAIL_DEFAULTS[kind]

/** Every kind's switch, resolved. */
export const resolvedPreferences = (prefs: EmailPreferences | null | undefined): Record<EmailKind, boolean> =>
  Object.fromEntries(EMAIL_KINDS.map((k) => [k, wantsEmail(prefs, k)])) as Record<EmailKind, boolean>
