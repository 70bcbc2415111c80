/**
 * The publishing checklist (spec §5, reference "Publishing checklist"): what a project still needs
 * before review (required), what reviewers will likely ask for (warning) and what would make it
 * better (suggestion). Pure: the server computes it from the project as stored, the member header
 * shows it, and the submit rule refuses while any required item applies.
 */
import { hasIdenticalLinks, isDiscordInvite, isShortened, licenseUrlProblem } from './links'
import { descriptionImages, longHeaders, MIN_CHARS_PER_IMAGE, readableLength, summaryHasFormatting } from './text'

export const MIN_DESCRIPTION_CHARS = 200
export const MIN_SUMMARY_CHARS = 30
export const MAX_TAG_COUNT = 8
export const MIN_SHADER_GALLERY = 3

export type NagLevel = 'required' | 'warning' | 'suggestion'
/** Where the fix is made, relative to the project's page. */
export type NagFix = 'settings' | 'settings/description' | 'settings/license' | 'settings/links' | 'settings/tags' | 'gallery' | 'version/new' | 'moderation'

export type Nag = { id: string; level: NagLevel; fix: NagFix; values?: Record<string, number | string> }

export type ChecklistInput = {
  title: string
  summary: string
  body: string | null
  projectType: string
  hasIcon: boolean
  gallery: { featured: boolean }[]
  versionCount: number
  license: { id: string | null; url: string | null }
  links: { issues: string | null; source: string | null; wiki: string | null; discord: string | null }
  donationUrls: string[]
  categories: string[]
  additionalCategories: string[]
  /** Every category the project's type offers, with its header (resolutions, features, …). */
  availableTags: { name: string; header: string }[]
  /** Loader names, lower-case: a title naming one carries technical information. */
  loaderNames: string[]
  clientSide: string
  serverSide: string
  status: string
  moderatorMessage: string | null
}

const COPYLEFT = /^(A?GPL|LGPL|MPL|EUPL|OSL|CECILL)-/i
const UNKNOWN_LICENSES = new Set(['LicenseRef-Unknown', 'NOASSERTION'])
const NEEDS_NO_URL = new Set(['LicenseRef-All-Rights-Reserved'])

type Rule = Omit<Nag, 'values'> & { applies: (p: ChecklistInput) => boolean | Record<string, number | string> }

const RULES: Rule[] = [
  // Required: submission is refused while any of these applies.
  { id: 'upload-version', level: 'required', fix: 'version/new', applies: (p) => p.versionCount < 1 },
  { id: 'add-description', level: 'required', fix: 'settings/description', applies: (p) => !p.body?.trim() },
  {
    id: 'upload-gallery-image', level: 'required', fix: 'gallery',
    applies: (p) => {
      if (p.projectType === 'shader') return p.gallery.length < MIN_SHADER_GALLERY && { min: MIN_SHADER_GALLERY }
      const exempt = p.categories.concat(p.additionalCategories).some((c) => c === 'audio' || c === 'locale')
      return p.projectType === 'resourcepack' && !exempt && p.gallery.length < 1 && { min: 1 }
    },
  },
  { id: 'select-license', level: 'required', fix: 'settings/license', applies: (p) => !p.license.id || UNKNOWN_LICENSES.has(p.license.id) },
  {
    id: 'add-custom-license-details', level: 'required', fix: 'settings/license',
    applies: (p) => !!p.license.id?.startsWith('LicenseRef-') && !UNKNOWN_LICENSES.has(p.license.id) && !NEEDS_NO_URL.has(p.license.id) && !p.license.url,
  },
  { id: 'invalid-license-url', level: 'required', fix: 'settings/license', applies: (p) => !!p.license.url && licenseUrlProblem(p.license.url) !== null },
  { id: 'gpl-license-source-required', level: 'required', fix: 'settings/links', applies: (p) => !!p.license.id && COPYLEFT.test(p.license.id) && !p.links.source },
  { id: 'summary-same-as-title', level: 'required', fix: 'settings', applies: (p) => !!p.title.trim() && p.title.trim().toLowerCase() === p.summary.trim().toLowerCase() },
  { id: 'identical-links', level: 'required', fix: 'settings/links', applies: (p) => hasIdenticalLinks([p.links.issues, p.links.source, p.links.wiki, p.links.discord]) },
  {
    id: 'misused-discord-link', level: 'required', fix: 'settings/links',
    applies: (p) => [p.links.issues, p.links.source, p.links.wiki, ...p.donationUrls].some((u) => !!u && isDiscordInvite(u)),
  },
  {
    id: 'link-shortener-usage', level: 'required', fix: 'settings/links',
    applies: (p) => [p.links.issues, p.links.source, p.links.wiki, p.links.discord, ...p.donationUrls].some((u) => !!u && isShortened(u)),
  },
  {
    id: 'all-tags-selected', level: 'required', fix: 'settings/tags',
    applies: (p) => {
      const offered = new Set(p.availableTags.filter((t) => t.header !== 'resolutions').map((t) => t.name))
      const chosen = new Set(p.categories.concat(p.additionalCategories).filter((c) => offered.has(c)))
      return offered.size > 3 && chosen.size === offered.size
    },
  },
  {
    id: 'select-environments', level: 'required', fix: 'settings',
    applies: (p) => (p.projectType === 'mod' || p.projectType === 'modpack') && (p.clientSide === 'unknown' || p.serverSide === 'unknown'),
  },
  // Warnings: reviewers will likely ask for these.
  {
    id: 'description-too-short', level: 'warning', fix: 'settings/description',
    applies: (p) => {
      const length = readableLength(p.body)
      return length > 0 && length < MIN_DESCRIPTION_CHARS && { length, min: MIN_DESCRIPTION_CHARS }
    },
  },
  { id: 'long-headers', level: 'warning', fix: 'settings/description', applies: (p) => { const n = longHeaders(p.body).length; return n > 0 && { count: n } } },
  {
    id: 'summary-too-short', level: 'warning', fix: 'settings',
    applies: (p) => { const length = p.summary.trim().length; return length > 0 && length < MIN_SUMMARY_CHARS && { length, min: MIN_SUMMARY_CHARS } },
  },
  { id: 'summary-special-formatting', level: 'warning', fix: 'settings', applies: (p) => summaryHasFormatting(p.summary.trim()) },
  {
    id: 'minecraft-title-clause', level: 'warning', fix: 'settings',
    applies: (p) => { const t = p.title.toLowerCase(); return t.includes('minecraft') && t.split(/\s+/).filter(Boolean).length <= 3 },
  },
  {
    id: 'title-contains-technical-info', level: 'warning', fix: 'settings',
    applies: (p) => {
      const t = p.title.toLowerCase()
      const words = new Set(t.split(/[^a-z0-9.]+/).filter(Boolean))
      return /\b1\.\d+(\.\d+)?\b/.test(t) || p.loaderNames.some((l) => words.has(l))
    },
  },
  {
    id: 'image-heavy-description', level: 'warning', fix: 'settings/description',
    applies: (p) => {
      const { count } = descriptionImages(p.body)
      const wanted = count * MIN_CHARS_PER_IMAGE
      return wanted > MIN_DESCRIPTION_CHARS && readableLength(p.body) < wanted
    },
  },
  { id: 'missing-alt-text', level: 'warning', fix: 'settings/description', applies: (p) => descriptionImages(p.body).missingAlt },
  {
    id: 'too-many-tags', level: 'warning', fix: 'settings/tags',
    applies: (p) => { const count = p.categories.length + p.additionalCategories.length; return count > MAX_TAG_COUNT && { count, max: MAX_TAG_COUNT } },
  },
  {
    id: 'multiple-resolution-tags', level: 'warning', fix: 'settings/tags',
    applies: (p) => {
      const resolutions = new Set(p.availableTags.filter((t) => t.header === 'resolutions').map((t) => t.name))
      return p.projectType === 'resourcepack' && p.categories.concat(p.additionalCategories).filter((c) => resolutions.has(c)).length > 1
    },
  },
  { id: 'moderator-feedback', level: 'warning', fix: 'moderation', applies: (p) => (p.status === 'rejected' || p.status === 'withheld') && !!p.moderatorMessage },
  // Suggestions.
  { id: 'add-icon', level: 'suggestion', fix: 'settings', applies: (p) => !p.hasIcon },
  { id: 'feature-gallery-image', level: 'suggestion', fix: 'gallery', applies: (p) => p.gallery.length > 0 && !p.gallery.some((g) => g.featured) },
  { id: 'add-links', level: 'suggestion', fix: 'settings/links', applies: (p) => !p.links.issues && !p.links.source && !p.links.wiki && !p.links.discord },
  { id: 'select-tags', level: 'suggestion', fix: 'settings/tags', applies: (p) => p.categories.length === 0 },
]

export const NAG_IDS = RULES.map((r) => r.id)

/** Every item that applies to the project, required first. */
export function projectNags(project: ChecklistInput): Nag[] {
  const out: Nag[] = []
  for (const { applies, ...nag } of RULES) {
    const verdict = applies(project)
    if (verdict === false) continue
    out.push(verdict === true ? nag : { ...nag, values: verdict })
  }
  return out
}

export const requiredNags = (nags: Nag[]): Nag[] => nags.filter((n) => n.level === 'required')
