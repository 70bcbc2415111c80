import { ALLOWED_CSS } from './whitelist'

/**
 * Keeps only the allowed declarations of a (decoded) `style` value, written back in a canonical form.
 * Property and value must each match whole, so comments, escapes, `!important` and `url()` cannot ride along.
 */
export function filterStyle(style: string): string {
  const kept = new Map<string, string>()
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon === -1) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim().toLowerCase()
    if (Object.hasOwn(ALLOWED_CSS, property) && ALLOWED_CSS[property].test(value)) kept.set(property, value)
  }
  return [...kept].map(([property, value]) => `${property}: ${value}`).join('; ')
}

/** Class names a code block may keep (spec §5): highlight.js (`hljs…`) and language (`language-…`) ones. */
const CODE_CLASS = /^(hljs|language-)[\w+#.-]*$/

export const filterClasses = (value: string): string =>
  value
    .split(/\s+/)
    .filter((name) => CODE_CLASS.test(name))
    .join(' ')
