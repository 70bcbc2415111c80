/** Languages the site highlights (spec §5), and their aliases. */
export const HIGHLIGHT_LANGUAGES = ['javascript', 'python', 'lua', 'java', 'kotlin', 'scala', 'groovy', 'gradle', 'json', 'ini', 'yaml', 'xml', 'properties'] as const
export const HIGHLIGHT_ALIASES: Record<string, (typeof HIGHLIGHT_LANGUAGES)[number]> = {
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
