import type { CollectionConfig, Plugin } from 'payload'

import { limitAccountMail } from './mailLimit'
import { creditRightPassword, limitSignIn, rememberAddress } from './signInLimits'
import { signUpAtTheSite } from '../../access/signUp'
import { appendHooks, mapCollections } from '../../lib/config/appendHooks'

export { refuse, TooManyRequests } from './refuse'

const protect = (c: CollectionConfig): CollectionConfig =>
  appendHooks(c, {
    // beforeLogin first: it must see every right password, and the second-factor check after it may throw.
    first: { beforeLogin: [creditRightPassword] },
    last: { beforeOperation: [signUpAtTheSite, limitSignIn, limitAccountMail], afterOperation: [rememberAddress] },
  })

/**
 * The account doors of an auth collection (issues 10 and 27): sign-in rate limits instead of lockout
 * (`maxLoginAttempts` locked any account after ten bad passwords from anyone), the account-email
 * limit on Payload's forgot-password, and sign-up only through the site. Added as a plugin so the
 * hooks reach the collection without editing its file; limits in src/lib/ratelimit.
 */
export const loginProtectionPlugin =
  (slugs: string[] = ['users']): Plugin =>
  (config) => ({
    ...config,
    collections: mapCollections(config.collections, protect, slugs),
  })
