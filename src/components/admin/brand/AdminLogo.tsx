import { LogoMark } from '@/components/site/Logo'
import messages from '../../../../messages/en-US.json'

/** The admin panel's logo (sign-in and similar pages): the site's mark and name. */
export function AdminLogo() {
  return (
    <span className="bf-admin-logo">
      <LogoMark size={44} />
      <span className="bf-admin-logo__name">{messages.Site.name}</span>
    </span>
  )
}
