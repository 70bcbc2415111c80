export { OAuthApps } from './OAuthApps'
export { OAuthAuthorizations } from './OAuthAuthorizations'
export { OAuthCodes } from './OAuthCodes'
export { OAuthTokens } from './OAuthTokens'
