'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useTransition, type FormEvent } from 'react'

import { useToasts } from '@/components/feedback/useToasts'
import { Icon } from '@/components/site/icons'

import { followProject, toggleFollow } from './actions'

type Props = { projectId: string; back: string; signedIn: boolean; following: boolean }

/**
 * Follow / unfollow. Without JavaScript the form posts `toggleFollow` (redirects back, or to
 * sign-in). With it, the same toggle runs as a call that answers with data: the page refreshes in
 * place, anonymous visitors go to sign-in, and a failure (the project is gone, the server or the
 * network fails) shows an error toast instead of an error page.
 */
export function FollowButton({ projectId, back, signedIn, following }: Props) {
  const t = useTranslations('Project')
  const { addErrorToast } = useToasts()
  const router = useRouter()
  const [pending, startTransition] = useTransition()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    startTransition(async () => {
      try {
        const result = await followProject(projectId, back)
        if ('signIn' in result) router.push(result.signIn)
        else if ('error' in result) addErrorToast(result.error)
      } catch (error) {
        addErrorToast(error)
      }
    })
  }

  return (
    <form action={toggleFollow} onSubmit={onSubmit}>
      <input type="hidden" name="project" value={projectId} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={`button button--secondary follow-button${following ? ' follow-button--on' : ''}`}
        aria-pressed={signedIn ? following : undefined}
        aria-busy={pending || undefined}
      >
        <Icon name="heart" size={18} />
        {signedIn && following ? t('unfollow') : t('follow')}
        {signedIn ? null : <span className="visually-hidden"> ({t('followSignIn')})</span>}
      </button>
    </form>
  )
}
