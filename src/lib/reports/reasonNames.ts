import { getTranslations } from 'next-intl/server'

/**
 * Report reasons by name (spec §3's rule categories: "Reuploaded work" for `copyright`), never by
 * id; a reason staff added without a name in the catalogue shows its id.
 */
export async function reasonNamer(): Promise<(id: string) => string> {
  const t = await getTranslations('Reports.reasons')
  return (id) => (t.has(id as never) ? t(id as never) : id)
}
