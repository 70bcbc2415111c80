import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { FileEditor } from '@/components/servers/files/FileEditor'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { serverFileText } from '@/lib/data/serverFiles'
import { baseName, filePath, parentOf } from '@/lib/hosting/filePaths'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('files.title'), robots: { index: false } }
}

/** /servers/manage/{id}/files/edit?path=: a text file of the server in the editor. */
export default async function ServerFileEditPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ path?: string | string[] }> }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  const asked = filePath.safeParse(typeof query.path === 'string' ? query.path : '')
  if (!server || !viewer.user || !asked.success || !asked.data) notFound()
  const path = asked.data
  const file = await serverFileText({ ...viewer, user: viewer.user }, id, path)
  const folder = parentOf(path)
  const back = `/servers/manage/${id}/files${folder ? `?path=${encodeURIComponent(folder)}` : ''}`
  const name = baseName(path)
  return (
    <section className="settings-card files-page" aria-labelledby="server-file">
      <h2 id="server-file" className="settings-card__title">
        {t('files.edit', { name })}
      </h2>
      <p>
        <Link href={back}>{t('files.back')}</Link> · <code>{path}</code>
      </p>
      {'error' in file ? (
        <>
          <p className="form-error" role="alert">
            {file.error}
          </p>
          <a className="button button--secondary" href={`/servers/manage/${id}/files/download?path=${encodeURIComponent(path)}`} download>
            {t('files.download')}
          </a>
        </>
      ) : (
        <FileEditor serverId={id} path={path} content={file.content} text={{ label: t('files.contents', { name }), save: t('files.save') }} />
      )}
    </section>
  )
}
