import { env } from '../env'

/**
 * The write-side rate limits (issue 10): sign-in and every write on /api. Numbers come from the
 * environment (documented in README and .env.example); the windows are fixed.
 */
export type LimitSpec = { name: string; points: number; durationSeconds: number }

const numberFrom = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback
}

export function limitSpecs(vars: Record<string, string | undefined> = env.rateLimitVars()) {
  const failures = numberFrom(vars.LOGIN_FAILURES_PER_ACCOUNT, 10)
  return {
    /**
     * Failed sign-ins from one address, any account: stops one client trying many accounts. A right
     * password gives its unit back, so many people behind one address (a school, a LAN party) sign in.
     */
    loginAddress: { name: 'login_addr', points: numberFrom(vars.LOGIN_ATTEMPTS_PER_ADDRESS, 30), durationSeconds: 10 * 60 },
    /**
     * Failed sign-ins to one account from one address. Keyed by both so a stranger guessing someone's
     * password cannot keep its owner out (what `maxLoginAttempts` lockout did); a success clears it.
     */
    loginAccountAddress: { name: 'login_acct_addr', points: failures, durationSeconds: 10 * 60 },
    /**
     * Failed sign-ins to one account from all addresses: bounds a guess spread over many addresses.
     * Used up, it refuses only addresses that have failed for the account and never signed in to it
     * (src/plugins/login-protection/signInLimits.ts), so it cannot lock the owner out.
     */
    loginAccount: { name: 'login_acct', points: failures * 10, durationSeconds: 60 * 60 },
    /** Addresses that signed in to an account (keyed hashes): the account-wide limit never refuses them. */
    loginKnownAddress: { name: 'login_known', points: 1, durationSeconds: 90 * 24 * 60 * 60 },
    /**
     * Account emails asked for (sign-up, password reset, verification resend) per address, and resends
     * per account: keeps the forms from being used to flood someone's inbox.
     */
    accountEmail: { name: 'account_email', points: numberFrom(vars.ACCOUNT_EMAILS_PER_HOUR, 10), durationSeconds: 60 * 60 },
    /** Current-password checks in account settings per account: a stolen session cannot guess the password there. */
    passwordCheck: { name: 'password_check', points: failures, durationSeconds: 10 * 60 },
    /** Two-factor codes tried per account (sign-in, turning two-factor on or off): six digits are guessable. */
    secondFactor: { name: 'second_factor', points: numberFrom(vars.TWO_FACTOR_ATTEMPTS_PER_ACCOUNT, 10), durationSeconds: 10 * 60 },
    /** Writes (POST/PATCH/PUT/DELETE) on /api, per address and per signed-in user. */
    write: { name: 'api_write', points: numberFrom(vars.WRITE_RATE_LIMIT, 120), durationSeconds: 60 },
  } satisfies Record<string, LimitSpec>
}

export type LimitName = keyof ReturnType<typeof limitSpecs>
