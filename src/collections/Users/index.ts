import type { CollectionConfig } from 'payload'

import { anyone, noField } from '../../access/core/access'
import { accountOwnerOnly, adminOnlyRule, systemOnly } from '../../access/core/rules'
import { ownImage } from '../../access/fields/references'
import { guarded } from '../../access/core/writeRules'
import { actorOf, isStaff, ROLES } from '../../access/core/roles'
import { selfOrAdmin, selfOrAdminField } from '../../access/social'
import { isTokenStrategy } from '../../access/core/scopes'
import { idField } from '../../fields/id'
import { cascadeUser } from '../hooks/cascade'
import { SESSION_COOKIE_FLAGS } from '../../lib/cookies'
import { env } from '../../lib/env'
import { RESET_TOKEN_MINUTES } from '../../lib/auth/limits'
import { resetPasswordEmail } from '../../lib/email/templates'
import { EMAIL_DEFAULTS, EMAIL_KINDS } from '../../lib/notifications/kinds'
import { oauthStrategy } from './oauthStrategy'
import { patStrategy } from './patStrategy'
import { servedOriginStrategy } from './servedOriginStrategy'
import { endOtherSessions, notePasswordChange, noteRevokeTokens } from './hooks/endOtherSessions'
import { normalizeUsername } from './hooks/normalizeUsername'
import { resetVerificationOnEmailChange } from './hooks/emailVerification'
import { forgetSessionDetails, noteSessionDetails } from './hooks/sessionDetails'
import { noteResetPassword, requireSecondFactor, withholdResetSession } from './hooks/twoFactor'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'email', 'role', 'createdAt'], group: 'People', listSearchableFields: ['username', 'email'] },
  auth: {
    loginWithUsername: { allowEmailLogin: true, requireEmail: false },
    tokenExpiration: 60 * 60 * 24 * 14,
    // No lockout: it let anyone lock any account. Sign-in is rate-limited per address and per account
    // instead (src/plugins/login-protection).
    maxLoginAttempts: 0,
    strategies: [patStrategy, oauthStrategy, servedOriginStrategy],
    forgotPassword: {
      expiration: RESET_TOKEN_MINUTES * 60_000,
      // The link leads to the site's own page (SITE_URL), not to the admin panel.
      generateEmailSubject: () => resetPasswordEmail(env.siteUrl(), '', '').subject,
      generateEmailHTML: (args) => resetPasswordEmail(env.siteUrl(), String((args?.user as { username?: string } | undefined)?.username ?? ''), String(args?.token ?? '')).html,
    },
    cookies: { sameSite: SESSION_COOKIE_FLAGS.sameSite, secure: env.secureCookies() },
  },
  access: {
    // Everyone signed in: staff moderate there, news editors write, creators edit their own content
    // (src/access/adminPanel.ts decides what each sees; the collections' rules decide every write).
    // A session only: a personal access token or an OAuth token never opens the panel.
    admin: ({ req }) => !!actorOf(req) && !isTokenStrategy((req.user as { _strategy?: string } | null)?._strategy),
    read: anyone, // public profile; private fields are guarded below
    create: anyone, // sign-up
    update: selfOrAdmin,
    delete: selfOrAdmin,
    unlock: ({ req }) => isStaff(actorOf(req)),
  },
  hooks: {
    beforeLogin: [requireSecondFactor],
    afterLogin: [noteSessionDetails],
    afterLogout: [forgetSessionDetails],
    beforeValidate: [normalizeUsername],
    beforeOperation: [noteRevokeTokens, noteResetPassword],
    beforeChange: [notePasswordChange, resetVerificationOnEmailChange],
    afterChange: [endOtherSessions],
    afterOperation: [withholdResetSession],
    beforeDelete: [cascadeUser],
  },
  fields: [
    idField,
    { name: 'email', type: 'email', access: { read: selfOrAdminField('USER_READ_EMAIL') } },
    /*
     * Our own email verification, not Payload's `auth.verify`: with that on, Payload refuses to sign in
     * an unverified user (login.js) and ignores their session cookie (strategies/jwt.js). Like
     * Modrinth, an unverified user signs in and sees a "verify your email" banner instead.
     * src/lib/auth/verification.ts issues and checks the tokens.
     */
    guarded({ name: 'emailVerified', type: 'checkbox', defaultValue: false, access: { read: selfOrAdminField('USER_READ_EMAIL') } }, systemOnly),
    guarded({
      name: 'emailVerification',
      type: 'group',
      hidden: true,
      access: { read: noField },
      fields: [
        { name: 'tokenHash', type: 'text', index: true },
        { name: 'sentAt', type: 'date' },
      ],
    }, systemOnly),
    // Two-factor sign-in (src/lib/auth/twoFactor.ts): whether it is on is the user's to see; the
    // secret and backup codes are never read back by anyone.
    guarded({ name: 'twoFactorEnabled', type: 'checkbox', defaultValue: false, access: { read: selfOrAdminField('USER_READ') } }, systemOnly),
    guarded({
      name: 'twoFactor',
      type: 'group',
      hidden: true,
      access: { read: noField },
      fields: [
        { name: 'secret', type: 'text' },
        { name: 'pendingSecret', type: 'text' },
        { name: 'backupCodes', type: 'json' },
        { name: 'lastStep', type: 'number' },
      ],
    }, systemOnly),
    guarded({
      name: 'role',
      type: 'select',
      options: ROLES.map((r) => ({ label: r[0].toUpperCase() + r.slice(1), value: r })),
      defaultValue: 'developer',
      saveToJWT: true,
    }, adminOnlyRule),
    guarded({
      name: 'newsEditor',
      type: 'checkbox',
      label: 'May write news and changelog',
      defaultValue: false,
      saveToJWT: true,
    }, adminOnlyRule),
    guarded({ name: 'badges', type: 'number', defaultValue: 0, min: 0, max: 255, admin: { description: 'Bitfield: MIDAS, early adopters, alpha tester, contributor, translator, affiliate.' } }, adminOnlyRule),
    { name: 'bio', type: 'textarea', maxLength: 160 },
    // Sign-up's "subscribe to updates" box: news by email. Private, like the address it goes to.
    { name: 'subscribedToUpdates', type: 'checkbox', defaultValue: false, access: { read: selfOrAdminField('USER_READ_EMAIL') } },
    guarded({ name: 'avatar', type: 'upload', relationTo: 'images' }, ownImage),
    // Which notifications also come by email (src/lib/notifications/kinds.ts): the user's own choice.
    guarded({
      name: 'emailNotifications',
      type: 'group',
      access: { read: selfOrAdminField('USER_READ') },
      fields: EMAIL_KINDS.map((kind) => ({ name: kind, type: 'checkbox' as const, defaultValue: EMAIL_DEFAULTS[kind] })),
    }, accountOwnerOnly),
    {
      name: 'payoutData',
      type: 'group',
      access: { read: selfOrAdminField('PAYOUTS_READ') },
      fields: [
        { name: 'paypalAddress', type: 'email' },
        { name: 'paypalCountry', type: 'text', maxLength: 2 },
        { name: 'venmoHandle', type: 'text' },
        guarded({ name: 'balance', type: 'number', defaultValue: 0 }, systemOnly),
      ],
    },
  ],
  timestamps: true,
}
