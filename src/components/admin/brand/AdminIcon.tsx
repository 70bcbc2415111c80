import { LogoMark } from '@/components/site/Logo'
import messages from '../../../../messages/en-US.json'

/** The admin panel's nav icon: the site's mark, with the site's name for assistive tech. */
export function AdminIcon() {
  return (
    <span className="bf-admin-icon" title={messages.Site.name}>
      <LogoMark size={18} />
      <span className="bf-admin-visually-hidden">{messages.Site.name}</span>
    </span>
  )
}
