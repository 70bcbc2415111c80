import type { OptionObject } from 'payload'

/** `resourcepack` → "Resourcepack", `force-demonetized` → "Force demonetized": a value as words. */
function words(value: string): string {
  const text = value.replace(/[-_]+/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * A select's options with labels people read in the admin form and list (issue 34 item 3), not the
 * stored values (`mod`, `processing`, `required`); the values — and so the database — stay as they are.
 */
export function labelled(values: readonly string[], labels: Record<string, string> = {}): OptionObject[] {
  return values.map((value) => ({ value, label: labels[value] ?? words(value) }))
}

/** The site's own words for these values (messages/en-US.json: ProjectTypes, Project.status). */
export const PROJECT_TYPE_LABELS = { resourcepack: 'Resource pack', datapack: 'Data pack' }
export const STATUS_LABELS = { processing: 'Under review', withheld: 'Unlisted by staff' }
