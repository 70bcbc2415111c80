import type { LanguageFn } from 'highlight.js'
import hljsCore from 'highlight.js/lib/core'
import gradle from 'highlight.js/lib/languages/gradle'
import groovy from 'highlight.js/lib/languages/groovy'
import ini from 'highlight.js/lib/languages/ini'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import kotlin from 'highlight.js/lib/languages/kotlin'
import lua from 'highlight.js/lib/languages/lua'
import properties from 'highlight.js/lib/languages/properties'
import python from 'highlight.js/lib/languages/python'
import scala from 'highlight.js/lib/languages/scala'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

import { resolveHighlightLanguage, type HighlightLanguage } from '../highlightLanguages'

/** One grammar per site language; typed by the list so adding a language without its grammar fails to compile. */
const GRAMMARS: Record<HighlightLanguage, LanguageFn> = {
  javascript,
  python,
  lua,
  java,
  kotlin,
  scala,
  groovy,
  gradle,
  json,
  ini,
  yaml,
  xml,
  properties,
}

/**
 * A private highlight.js instance with only the site's grammars (the core alone keeps bundles small).
 * Private so that another module registering languages on the shared core cannot widen what we highlight;
 * and names are resolved through our own list first, so highlight.js's extra aliases (jsx, svg…) do not count.
 */
const hljs = hljsCore.newInstance()
for (const [name, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(name, grammar)

/**
 * The code as highlighted HTML (escaped, with `hljs-*` spans), or null when the language is not one the site
 * highlights, in which case the caller shows it as plain escaped code.
 */
export function highlightCode(code: string, languageName: string): { language: HighlightLanguage; html: string } | null {
  const language = resolveHighlightLanguage(languageName)
  if (!language) return null
  try {
    return { language, html: hljs.highlight(code, { language, ignoreIllegals: true }).value }
  } catch {
    return null
  }
}
