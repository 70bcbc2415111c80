import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { CreateTokenForm } from '@/components/settings/tokens/TokenForms'
import { TokenList } from '@/components/settings/tokens/TokenList'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { listOwnTokens } from '@/lib/data/tokens'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Tokens')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/pats (auth): personal access tokens for the API. */
export default async function TokensPage() {
  await requireUser()
  const [t, tokens] = await Promise.all([getTranslations('Tokens'), currentViewer().then(listOwnTokens)])
  return (
    <SettingsFrame active="pats" title={t('title')} lead={t('lead')}>
      <CreateTokenForm />
      <TokenList tokens={tokens} />
    </SettingsFrame>
  )
}
