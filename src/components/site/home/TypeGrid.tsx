import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { Icon } from '../icons'
import { PROJECT_TYPE_LINKS } from '../links'

/** One card per project type, each linking to its search page. */
export async function TypeGrid() {
  const types = await getTranslations('ProjectTypes')
  return (
    <ul className="type-grid">
      {PROJECT_TYPE_LINKS.map(({ type, href }) => (
        <li key={type}>
          <Link href={href} className={`type-card type-card--${type}`}>
            <span className="type-card__icon">
              <Icon name={type} size={26} />
            </span>
            <span className="type-card__text">
              <span className="type-card__name">{types(`${type}.plural`)}</span>
              <span className="type-card__description">{types(`${type}.description`)}</span>
            </span>
            <Icon name="arrowRight" size={18} className="type-card__arrow" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
