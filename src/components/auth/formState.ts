/** What an account form's server action answers: error message keys (`Auth.errors`) and what was typed. */
export type FormState = {
  done?: boolean
  form?: string
  /** For `tooManyAttempts`: minutes to wait. */
  minutes?: number
  fields?: Record<string, string>
  values?: Record<string, string>
  /** Sign-in: the password was right and the account asks for its two-factor code. */
  twoFactor?: boolean
}

export const INITIAL_FORM_STATE: FormState = {}
