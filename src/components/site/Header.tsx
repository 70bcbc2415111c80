import config from '@payload-config'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { SettingsIcon } from '@/components/site/icons'
import { BrandLink } from '@/components/shell/BrandLink'
import { currentUser } from '@/lib/auth/guard'
import { viewerFor } from '@/lib/data/viewer'

import { AccountArea } from './AccountArea'
import { MAIN_NAV_LINKS } from './links'
import { LogoMark } from './Logo'
import { NavLink } from './NavLink'
import { SiteMenu } from './SiteMenu'
import { ThemeSwitch } from './ThemeSwitch'

export async function Header() {
  const [t, site, payload, user] = await Promise.all([getTranslations('Nav'), getTranslations('Site'), getPayload({ config }), currentUser()])
  const viewer = await viewerFor(payload, user)
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink className="brand" label={t('homeLabel')}>
          <LogoMark />
          <span className="brand__name">{site('name')}</span>
        </BrandLink>
        <SiteMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
          <nav aria-label={t('mainLabel')} className="main-nav">
            <ul className="main-nav__list">
              {MAIN_NAV_LINKS.map(({ href, navKey }) => (
                <li key={href}>
                  <NavLink href={href} className="main-nav__link">
                    {t(navKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-actions">
            <ThemeSwitch />
            <Link href="/settings" className="header-settings-link" title={t('settings')}>
              <SettingsIcon name="settings" size={18} />
              <span className="visually-hidden">{t('settings')}</span>
            </Link>
            <AccountArea viewer={viewer} />
          </div>
        </SiteMenu>
      </div>
    </header>
  )
}
