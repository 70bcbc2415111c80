/** Languages the site highlights (spec §5), and their aliases. */
export const HIGHLIGHT_LANGUAGES = ['javascript', 'python', 'lua', 'java', 'kotlin', 'scala', 'groovy', 'gradle', 'json', 'ini', 'yaml', 'xml', 'properties'] as const
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number]
export const HIGHLIGHT_ALIASES: Record<string, HighlightLanguage> = {
  js: 'javascript',
  py: 'python',
  kt: 'kotlin',
  json5: 'json',
  toml: 'ini',
  yml: 'yaml',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  mcui: 'xml',
  fxml: 'xml',
}

const isHighlightLanguage = (name: string): name is HighlightLanguage => (HIGHLIGHT_LANGUAGES as readonly string[]).includes(name)

/**
 * The canonical language for a code fence's language word (case-insensitive), or null when the site does not
 * highlight it. The own-property check keeps words such as "constructor" from resolving through Object.prototype.
 */
export function resolveHighlightLanguage(name: string): HighlightLanguage | null {
  const key = name.trim().toLowerCase()
  if (isHighlightLanguage(key)) return key
  return Object.hasOwn(HIGHLIGHT_ALIASES, key) ? HIGHLIGHT_ALIASES[key] : null
}
