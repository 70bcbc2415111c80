import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

/** "Report" on a project, version or user page: the report form with the item filled in (signed-out visitors sign in first). */
export async function ReportButton({ type, id, name, className = 'button button--secondary' }: { type: 'project' | 'version' | 'user'; id: string; name: string; className?: string }) {
  const t = await getTranslations('Reports')
  return (
    <Link href={`/report?type=${type}&id=${encodeURIComponent(id)}`} className={className} aria-label={t('buttonOf', { name })} rel="nofollow">
      {t('button')}
    </Link>
  )
}
