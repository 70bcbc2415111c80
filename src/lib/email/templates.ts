/**
 * The account emails. Plain strings: they leave the app, so every interpolated value is escaped and
 * links point at the public site (SITE_URL), never at the request's Host header.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type Email = { subject: string; html: string; text: string }

function layout(greeting: string, lines: string[], action: { label: string; url: string }, after: string): Email['html'] {
  return [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
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
