/**
 * A real SMTP server on localhost (the `smtp-server` package) that keeps what it receives, for tests
 * that follow the links in the site's mail. No auth, no STARTTLS: a plain local server.
 */
import { SMTPServer } from 'smtp-server'

export type Mail = { to: string[]; subject: string; raw: string; body: string; links: string[] }
export type Mailbox = { port: number; mails: Mail[]; waitFor: (match: (m: Mail) => boolean, timeoutMs?: number) => Promise<Mail>; close: () => Promise<void> }

/** Quoted-printable soft breaks and escapes undone (nodemailer encodes long HTML lines that way). */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

function parse(raw: string, to: string[]): Mail {
  const [head] = raw.split(/\r?\n\r?\n/)
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? ''
  const body = decodeQuotedPrintable(raw.slice(head.length)).replace(/&amp;/g, '&')
  const links = [...new Set([...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]))]
  return { to, subject, raw, body, links }
}

/**
 * Listens on `port` (0: any free one). A fixed port is shared: accounts.e2e.ts and
 * creator-journey.e2e.ts both catch the site's mail on E2E_SMTP_PORT, and may run at the same time
 * in two workers — so while another mailbox holds the port, this one waits (up to `waitMs`) for it
 * to be closed rather than failing with EADDRINUSE.
 */
export async function startMailbox(port = 0, { waitMs = 110_000 } = {}): Promise<Mailbox> {
  const mails: Mail[] = []
  const waiters = new Set<() => void>()
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          mails.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address.toLowerCase())))
          for (const w of waiters) w()
          callback()
        })
      },
    })
  const until = Date.now() + waitMs
  let server = create()
  for (;;) {
    const listening = await new Promise<true | NodeJS.ErrnoException>((resolve) => {
      server.once('error', resolve)
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (listening === true) break
    if (listening.code !== 'EADDRINUSE' || port === 0 || Date.now() > until) throw listening
    // Held by another spec's mailbox: try again shortly with a fresh server.
    await new Promise((r) => setTimeout(r, 250))
    server = create()
  }
  const address = server.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port

  /** The first mail (already here or arriving) that matches; waits on arrival, not on a clock. */
  const waitFor = (match: (m: Mail) => boolean, timeoutMs = 15_000) =>
    new Promise<Mail>((resolve, reject) => {
      const check = () => {
        const found = mails.find(match)
        if (!found) return false
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
        return true
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no matching mail within ${timeoutMs} ms (got: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`))
      }, timeoutMs)
      if (!check()) waiters.add(check)
    })

  return { port: actualPort, mails, waitFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The `token` query parameter of the first link in `mail` to `path`. */
export function tokenFrom(mail: Mail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path)
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}": ${mail.links.join(', ')}`)
  return new URL(link).searchParams.get('token') ?? ''
}
