/**
 * The moderator checklist (reference: labrinth's moderation checklist stages), as a guided panel:
 * each stage lists problems a moderator may tick, each with prepared wording for the message to the
 * team (texts in messages/*.json under Moderation.stages). Ids only here.
 */
export const CHECKLIST_STAGES = {
  titleSlug: ['misleading', 'slug'],
  summary: ['repeats', 'short'],
  description: ['unclear', 'english'],
  gallery: ['unrelated'],
  links: ['broken', 'discord'],
  license: ['missing', 'reupload'],
  categories: ['wrong'],
  versions: ['mismatch', 'dependencies'],
  rules: ['breaks'],
} as const satisfies Record<string, readonly string[]>

export type ChecklistStage = { id: string; title: string; problems: { id: string; text: string }[] }

/** The message a ticked checklist gives: the greeting, then one line per problem. */
export function composeMessage(intro: string, problems: string[]): string {
  return problems.length ? `${intro}\n\n${problems.map((p) => `- ${p}`).join('\n')}` : ''
}
