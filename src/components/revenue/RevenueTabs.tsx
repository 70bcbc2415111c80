import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

const TABS = [
  { key: 'overview', href: '/dashboard/revenue' },
  { key: 'transfers', href: '/dashboard/revenue/transfers' },
  { key: 'withdraw', href: '/dashboard/revenue/withdraw' },
] as const

export type RevenueTab = (typeof TABS)[number]['key']

/** The three revenue pages, one link each (the current one marked). */
export async function RevenueTabs({ active }: { active: RevenueTab }) {
  const t = await getTranslations('Revenue.tabs')
  return (
    <nav className="revenue-tabs" aria-label={t('label')}>
      <ul>
        {TABS.map(({ key, href }) => (
          <li key={key}>
            <Link href={href} className="analytics-range" aria-current={key === active ? 'page' : undefined}>
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
