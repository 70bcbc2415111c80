/** Issue 34 item 8: a signed-in user's own profile prompts them to edit it (spec §6: owners of a profile get edit prompts). */
import { createTranslator } from 'next-intl'
import { isValidElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { EDIT_PROFILE_PATH, EditProfileLink } from '@/components/profile/EditProfileLink'
import messages from '../../messages/en-US.json'

vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en-US', messages, namespace: namespace as never }),
}))

describe('the edit prompt on one’s own profile', () => {
  it('links to the public-profile settings, labelled "Edit profile"', async () => {
    const element = await EditProfileLink()
    expect(isValidElement(element)).toBe(true)
    const html = renderToStaticMarkup(element as ReactElement)
    expect(EDIT_PROFILE_PATH).toBe('/settings/profile')
    expect(html).toContain('href="/settings/profile"')
    expect(html).toContain('data-testid="edit-profile"')
    expect(html).toMatch(/>Edit profile<\/a>$/)
  })
})
