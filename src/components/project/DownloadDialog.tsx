'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

import { formatBytes, pickDownload, type PickCandidate } from '@/lib/project/versions'

import { ChannelBadge } from './ChannelBadge'
import { useEnhanced } from '@/components/search/useEnhanced'
import { PIcon } from '@/components/site/icons'

export type DownloadCandidate = PickCandidate & { name: string; href: string }

type Props = {
  projectTitle: string
  /** The page path the no-script form submits to. */
  action: string
  candidates: DownloadCandidate[]
  gameVersions: string[]
  loaders: string[]
  loaderLabels: Record<string, string>
  initial: { gameVersion: string | null; loader: string | null }
  versionsHref: string
}

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type="hidden"]), [tabindex]:not([tabindex="-1"])'

/**
 * The download interface (spec §2): pick a game version and a platform, get the primary file of the
 * best version. Without scripts it is an in-page section shown when the URL ends in #download, with
 * a GET form; with scripts it is a modal dialog (focus kept inside, Escape closes) that opens from
 * the download button or a #download link and updates as the choices change.
 */
export function DownloadDialog(props: Props) {
  const t = useTranslations('Project.downloadDialog')
  const tc = useTranslations('Project.channel')
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const enhanced = useEnhanced()
  const [open, setOpen] = useState(false)
  const single = (list: string[]) => (list.length === 1 ? list[0] : null)
  const [gameVersion, setGameVersion] = useState<string | null>(props.initial.gameVersion ?? single(props.gameVersions))
  const [loader, setLoader] = useState<string | null>(props.initial.loader ?? single(props.loaders))

  const show = useCallback(() => {
    returnFocus.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : document.querySelector<HTMLElement>('[data-download-open]')
    setOpen(true)
  }, [])

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL's #download is known only in the browser, after hydration: the dialog opens then
    if (window.location.hash === '#download') show()
    const onHash = () => {
      if (window.location.hash === '#download') show()
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [show])

  useEffect(() => {
    if (!open) return
    const first = ref.current?.querySelector<HTMLElement>('select') ?? ref.current?.querySelector<HTMLElement>('button')
    first?.focus()
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])

  const close = () => {
    setOpen(false)
    const url = new URL(window.location.href)
    url.hash = ''
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`)
    returnFocus.current?.focus()
  }

  const choose = (next: { gameVersion: string | null; loader: string | null }) => {
    setGameVersion(next.gameVersion)
    setLoader(next.loader)
    const url = new URL(window.location.href)
    for (const [key, value] of [['version', next.gameVersion], ['loader', next.loader]] as const) {
      if (value) url.searchParams.set(key, value)
      else url.searchParams.delete(key)
    }
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!enhanced) return
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
      return
    }
    if (e.key !== 'Tab' || !ref.current) return
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  const withChosen = (list: string[], chosen: string | null) => (chosen && !list.includes(chosen) ? [chosen, ...list] : list)
  const gameVersionOptions = withChosen(props.gameVersions, gameVersion)
  const loaderOptions = withChosen(props.loaders, loader)
  const label = (l: string) => props.loaderLabels[l] ?? l
  const picked = gameVersion && loader ? pickDownload(props.candidates, { gameVersion, loader }) : null

  let message: string | null = null
  if (props.candidates.length === 0) message = t('noVersionsAtAll')
  else if (!gameVersion || !loader) message = t('chooseFirst')
  else if (!picked) message = t('noVersions', { gameVersion, loader: label(loader) })

  return (
    <div
      id="download"
      ref={ref}
      className="download-modal"
      data-enhanced={enhanced ? '' : undefined}
      data-open={open ? '' : undefined}
      role="dialog"
      aria-modal={enhanced ? true : undefined}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      {enhanced ? <div className="download-modal__backdrop" onClick={close} aria-hidden="true" /> : <a className="download-modal__backdrop" href="#" aria-hidden="true" tabIndex={-1} />}
      <div className="download-modal__panel">
        <div className="download-modal__head">
          <h2 id={titleId} className="download-modal__title">
            {t('title', { project: props.projectTitle })}
          </h2>
          {enhanced ? (
            <button type="button" className="icon-button" onClick={close} aria-label={t('close')}>
              <PIcon name="close" />
            </button>
          ) : (
            <a href="#" className="icon-button" aria-label={t('close')}>
              <PIcon name="close" />
            </a>
          )}
        </div>
        <p className="download-modal__lead">{t('lead')}</p>
        <form method="get" action={`${props.action}#download`} className="download-form">
          <label className="field">
            <span className="field__label">{t('gameVersion')}</span>
            <select name="version" value={gameVersion ?? ''} onChange={(e) => choose({ gameVersion: e.target.value || null, loader })} className="select">
              <option value="">{t('select')}</option>
              {gameVersionOptions.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('loader')}</span>
            <select name="loader" value={loader ?? ''} onChange={(e) => choose({ gameVersion, loader: e.target.value || null })} className="select">
              <option value="">{t('select')}</option>
              {loaderOptions.map((l) => (
                <option key={l} value={l}>
                  {label(l)}
                </option>
              ))}
            </select>
          </label>
          {enhanced ? null : (
            <button type="submit" className="button button--secondary">
              {t('show')}
            </button>
          )}
        </form>
        <div className="download-result" aria-live="polite">
          {picked && picked.primaryFile?.url ? (
            <div className="download-result__found">
              <p className="download-result__version">
                <ChannelBadge channel={picked.versionType} label={tc(picked.versionType === 'beta' || picked.versionType === 'alpha' ? picked.versionType : 'release')} />
                <a href={picked.href}>{picked.name}</a>
                <span className="download-result__number">{picked.versionNumber}</span>
              </p>
              <a href={picked.primaryFile.url} className="button button--primary download-result__file" download>
                <PIcon name="file" />
                <span className="download-result__filename">{t('downloadFile', { filename: picked.primaryFile.filename })}</span>
                <span className="download-result__size">{formatBytes(picked.primaryFile.size)}</span>
              </a>
            </div>
          ) : (
            <p className="download-result__empty">{message}</p>
          )}
        </div>
        <p className="download-modal__foot">
          <a href={props.versionsHref}>{t('allVersions')}</a>
        </p>
      </div>
    </div>
  )
}
