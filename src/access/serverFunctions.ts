/**
 * The admin panel's server functions (`handleServerFunctions` in @payloadcms/next) are doors too: each
 * runs with the signed-in user and reaches the Local API. Those the panel needs are offered; the rest
 * (locales and folders are not used here) answer as unknown. What each may read or write is still
 * decided by the collections' rules; `schedule-publish` also by the jobs' access (src/jobs).
 */
export const OFFERED_SERVER_FUNCTIONS: Record<string, string> = {
  'form-state': 'the edit forms',
  'render-document': 'documents opened in drawers',
  'render-document-slots': 'the edit view’s slots',
  'render-field': 'fields rendered on the server',
  'render-list': 'lists in drawers (relationship pickers)',
  'table-state': 'list columns and sorting',
  'schedule-publish': 'news editors schedule a publication',
  'get-default-layout': 'the dashboard',
  'render-widget': 'the dashboard',
}

/** Payload's other server functions, shut here, and why. */
export const SHUT_SERVER_FUNCTIONS: Record<string, string> = {
  'copy-data-from-locale': 'the site has no locales in the admin panel',
  'get-folder-results-component-and-data': 'folders are off',
  slugify: 'no field uses Payload’s slug field; slugs are checked by our own rules',
}

export class UnknownServerFunction extends Error {
  constructor(name: unknown) {
    super(`Unknown Server Function: ${String(name)}`)
  }
}

/** Throws for a server function the panel does not offer (as Payload does for a name it does not know). */
export function assertServerFunctionOffered(name: unknown): void {
  if (typeof name !== 'string' || !Object.hasOwn(OFFERED_SERVER_FUNCTIONS, name)) throw new UnknownServerFunction(name)
}
