/** How long the account links stay valid (the reset email says "30 minutes"). */
export const RESET_TOKEN_MINUTES = 30
/** A verification link is good for a week; a new one can be asked for any time. */
export const VERIFICATION_TOKEN_DAYS = 7
