/** A stand-in avatar for an account without a picture: its first letter on a colour of its own. */
export type GeneratedAvatar = { initial: string; hue: number }

/** The same name always gets the same letter and hue (no network, no external avatar service). */
export function generatedAvatar(name: string | null | undefined): GeneratedAvatar {
  const text = (name ?? '').trim()
  let hash = 0
  for (const ch of text) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0
  const first = [...text][0]
  return { initial: first ? first.toLocaleUpperCase('en-US') : '?', hue: hash % 360 }
}
