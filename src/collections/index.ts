import type { CollectionConfig } from 'payload'

import { AccessTokens } from './AccessTokens'
import { AuthIdentities } from './AuthIdentities'
import { ChangelogEntries } from './ChangelogEntries'
import { EmailOutbox } from './EmailOutbox'
import { Follows } from './Follows'
import { Images } from './Images'
import { LegalPages } from './LegalPages'
import { News } from './News'
import { OAuthApps, OAuthAuthorizations, OAuthCodes, OAuthTokens } from './OAuth'
import { Notifications } from './Notifications'
import { Organizations } from './Organizations'
import { Projects } from './Projects'
import { Reports } from './Reports'
import { SessionDetails } from './SessionDetails'
import { TeamMembers } from './TeamMembers'
import { Teams } from './Teams'
import { ThreadMessages } from './ThreadMessages'
import { FileFindings } from './TechnicalReview/FileFindings'
import { MaliciousHashes } from './TechnicalReview/MaliciousHashes'
import { Threads } from './Threads'
import { UserCollections } from './UserCollections'
import { Users } from './Users'
import { VersionFiles } from './VersionFiles'
import { Versions } from './Versions'
import { Categories } from './tags/Categories'
import { DonationPlatforms } from './tags/DonationPlatforms'
import { GameVersions } from './tags/GameVersions'
import { Licenses } from './tags/Licenses'
import { Loaders } from './tags/Loaders'
import { ReportTypes } from './tags/ReportTypes'

/**
 * Every collection of the site, as declared. What wraps them (token scopes, the query guard, the admin
 * audience, cache invalidation, search, moderation, safe writes, the doors, cost limits) is listed in
 * order in src/plugins/index.ts; billing adds its own collections there.
 */
export const collections: CollectionConfig[] = [
  Projects,
  Versions,
  Images,
  UserCollections,
  Users,
  Organizations,
  Reports,
  FileFindings,
  MaliciousHashes,
  Threads,
  Notifications,
  News,
  ChangelogEntries,
  LegalPages,
  GameVersions,
  Loaders,
  Categories,
  Licenses,
  DonationPlatforms,
  ReportTypes,
  AccessTokens,
  EmailOutbox,
  SessionDetails,
  AuthIdentities,
  OAuthApps,
  OAuthAuthorizations,
  OAuthCodes,
  OAuthTokens,
  VersionFiles,
  Teams,
  TeamMembers,
  Follows,
  ThreadMessages,
]
