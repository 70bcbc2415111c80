/** Refusals of the moderation rules, the same on every surface (site, admin panel, /api, /v2). */
export const MODERATION_LOCKED = 'Another moderator is reviewing this project. Wait until they finish or their lock lapses.'
export const NOT_UNDER_REVIEW = 'This project is not waiting for review.'
export const DECISION_MESSAGE_REQUIRED = 'Write a message to the team explaining what to change.'
