// Two fixes to Payload's admin (@payloadcms/ui 3.88.0), applied after every install (`postinstall`):
// 1. "Schedule Publish" on a document that was never published preselects Publish (Payload
//    preselects Unpublish there, and such an entry silently never goes live).
// 2. Its timezone starts at the editor's own (the browser's) when Payload offers it.
// Each edit names the exact text it replaces in the built file and the text it leaves; a file that
// has neither (another Payload version) fails the install loudly instead of shipping the old behaviour.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.join(import.meta.dirname, '..', 'node_modules', '@payloadcms', 'ui')
const edits = [
  // The bundled client entry the admin loads (minified: R is hasNewerVersions, n hasPublishedDoc;
  // i the supported timezones, s the configured default).
  ['dist/exports/client/index.js', 'defaultType:R?"publish":"unpublish"', 'defaultType:R||!n?"publish":"unpublish"'],
  ['dist/exports/client/index.js', '[v,x]=or.useState(s),[I,w]=or.useState(qP)', '[v,x]=or.useState(()=>{let editorsZone=Intl.DateTimeFormat().resolvedOptions().timeZone;return i.some(option=>option.value===editorsZone)?editorsZone:s}),[I,w]=or.useState(qP)'],
  // The unbundled modules of the same components.
  ['dist/elements/PublishButton/index.js', "defaultType: !hasNewerVersions ? 'unpublish' : 'publish',", "defaultType: hasPublishedDoc && !hasNewerVersions ? 'unpublish' : 'publish',"],
  ['dist/elements/PublishButton/ScheduleDrawer/index.js', 'const [timezone, setTimezone] = React.useState(defaultTimezone);', 'const [timezone, setTimezone] = React.useState(() => { const editors = Intl.DateTimeFormat().resolvedOptions().timeZone; return supportedTimezones.some(option => option.value === editors) ? editors : defaultTimezone; });'],
]

for (const [file, before, after] of edits) {
  const full = path.join(root, file)
  const text = readFileSync(full, 'utf8')
  if (text.includes(after)) continue
  const at = text.indexOf(before)
  if (at < 0 || text.indexOf(before, at + 1) >= 0) throw new Error(`scripts/patch-payload.mjs: ${file} is not the @payloadcms/ui this patch was written for (expected one "${before}")`)
  writeFileSync(full, text.replace(before, after))
}
