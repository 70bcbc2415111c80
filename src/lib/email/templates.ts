/**
 * The account emails. Plain strings: they leave the app, so every interpolated value is escaped and
 * links point at the public site (SITE_URL), never at the request's Host header.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type Email = { subject: string; html: string; text: string }

type Action = { label: string; url: string }

function layout(greeting: string, lines: string[], action: Action | Action[], after: string): Email['html'] {
  return [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...[action].flat().map((a) => `<p><a href="${escapeHtml(a.url)}">${escapeHtml(a.label)}</a></p>`),
    `<p>${escapeHtml(after)}</p>`,
  ].join('\n')
}

export function verificationEmail(siteUrl: string, username: string, token: string): Email {
  const url = `${siteUrl}/auth/verify-email?token=${encodeURIComponent(token)}`
  const greeting = `Hi ${username},`
  const line = 'Please verify the email address of your Blockforge account.'
  const after = "If you didn't create this account, you can ignore this email."
  return {
    subject: 'Verify your email',
    html: layout(greeting, [line], { label: 'Verify email', url }, after),
    text: `${greeting}\n\n${line}\n\n${url}\n\n${after}\n`,
  }
}

export function resetPasswordEmail(siteUrl: string, username: string, token: string): Email {
  const url = `${siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`
  const greeting = `Hi ${username},`
  const line = 'Someone asked to reset the password of your Blockforge account. The link works once, for 30 minutes.'
  const after = "If you didn't ask for this, you can ignore this email; your password stays as it is."
  return {
    subject: 'Reset your password',
    html: layout(greeting, [line], { label: 'Reset password', url }, after),
    text: `${greeting}\n\n${line}\n\n${url}\n\n${after}\n`,
  }
}

/**
 * Sent instead of a verification link when someone signs up with an address that has an account
 * already: the sign-up form answers the same either way, so only the address's owner learns it.
 */
export function accountExistsEmail(siteUrl: string, username: string): Email {
  const signIn = { label: 'Sign in', url: `${siteUrl}/auth/sign-in` }
  const reset = { label: 'Reset password', url: `${siteUrl}/auth/reset-password` }
  const greeting = `Hi ${username},`
  const line = `Someone tried to create a new Blockforge account with this email address. It already belongs to your account, ${username}, so no new account was made.`
  const hint = 'If it was you, sign in instead, or reset your password if you have forgotten it.'
  const after = "If it wasn't you, you can ignore this email; nothing has changed."
  return {
    subject: 'You already have an account',
    html: layout(greeting, [line, hint], [signIn, reset], after),
    text: `${greeting}\n\n${line}\n\n${hint}\n\n${signIn.label}: ${signIn.url}\n${reset.label}: ${reset.url}\n\n${after}\n`,
  }
}
