/**
 * A readable name for a tag that has no translated label: "kitchen-sink" → "Kitchen Sink",
 * "1.20.1" stays as it is. Pure; translated labels (messages `SearchTags`) take precedence.
 */
export function prettifyTag(name: string): string {
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
