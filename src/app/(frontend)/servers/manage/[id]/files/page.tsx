import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { FileManager } from '@/components/servers/files/FileManager'
import { FILES_TEXT_KEYS, type FilesText } from '@/components/servers/files/text'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { serverFolder } from '@/lib/data/serverFiles'
import { crumbs, filePath } from '@/lib/hosting/filePaths'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('files.title'), robots: { index: false } }
}

/** /servers/manage/{id}/files?path=: a folder of the server, in the file manager. */
export default async function ServerFilesPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ path?: string | string[] }> }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const asked = filePath.safeParse(typeof query.path === 'string' ? query.path : '')
  const dir = asked.success ? asked.data : ''
  const folder = await serverFolder({ ...viewer, user: viewer.user }, id, dir)
  const text = Object.fromEntries(FILES_TEXT_KEYS.map((k) => [k, t.raw(`files.${k}`) as string])) as FilesText
  const base = `/servers/manage/${id}/files`
  return (
    <section className="settings-card files-page" aria-labelledby="server-files">
      <h2 id="server-files" className="settings-card__title">
        {t('files.title')}
      </h2>
      <nav aria-label={t('files.breadcrumb')} className="files__crumbs">
        <ol>
          <li>
            <Link href={base} aria-current={dir === '' ? 'page' : undefined}>
              {t('files.root')}
            </Link>
          </li>
          {crumbs(dir).map((c) => (
            <li key={c.path}>
              <Link href={`${base}?path=${encodeURIComponent(c.path)}`} aria-current={c.path === dir ? 'page' : undefined}>
                {c.name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      {'error' in folder ? (
        <p className="form-error" role="alert">
          {folder.error}
        </p>
      ) : (
        <FileManager serverId={id} dir={dir} entries={folder.entries} text={text} />
      )}
    </section>
  )
}
