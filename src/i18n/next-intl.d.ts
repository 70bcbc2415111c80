import type messages from '../../messages/en-US.json'
import type { AppLocale } from './config'

// Typed locales and message keys for next-intl (`t('Nav.mods')` is checked against en-US.json).
declare module 'next-intl' {
  interface AppConfig {
    Locale: AppLocale
    Messages: typeof messages
  }
}
