import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { LEGAL_LINKS, PROJECT_TYPE_LINKS } from './links'
import { LogoMark } from './Logo'

export async function Footer() {
  const [t, nav, site] = await Promise.all([
    getTranslations('Footer'),
    getTranslations('Nav'),
    getTranslations('Site'),
  ])
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link href="/" className="brand brand--footer" aria-label={nav('homeLabel')}>
            <LogoMark size={28} />
            <span className="brand__name">{site('name')}</span>
          </Link>
          <p>{t('about')}</p>
        </div>
        <nav aria-labelledby="footer-discover" className="site-footer__col">
          <h2 id="footer-discover" className="site-footer__heading">{t('discover')}</h2>
          <ul>
            {PROJECT_TYPE_LINKS.map(({ href, navKey }) => (
              <li key={href}>
                <Link href={href}>{nav(navKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources" className="site-footer__col">
          <h2 id="footer-resources" className="site-footer__heading">{t('resources')}</h2>
          <ul>
            <li>
              <Link href="/news">{nav('news')}</Link>
            </li>
            <li>
              <Link href="/news/changelog">{t('changelog')}</Link>
            </li>
            <li>
              <Link href="/app">{t('app')}</Link>
            </li>
            <li>
              <Link href="/plus">{t('plus')}</Link>
            </li>
            <li>
              <Link href="/servers">{nav('servers')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal" className="site-footer__col">
          <h2 id="footer-legal" className="site-footer__heading">{t('legal')}</h2>
          <ul>
            {LEGAL_LINKS.map(({ href, key }) => (
              <li key={href}>
                <Link href={href}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__disclaimer">{t('disclaimer')}</p>
        <p>{t('copyrightLine', { year: String(new Date().getUTCFullYear()) })}</p>
      </div>
    </footer>
  )
}
