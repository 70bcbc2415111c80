/** Open source for the search filter: an SPDX license id, not a custom or all-rights-reserved one. */
export function isOpenSourceLicense(id: string | null | undefined): boolean {
  if (!id) return false
  return !id.startsWith('LicenseRef-') && !['NOASSERTION', 'NONE'].includes(id.toUpperCase())
}
