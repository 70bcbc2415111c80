import { z } from 'zod'

/**
 * What the account forms may send (zod at the boundary). Messages are keys of `Auth.errors` in
 * messages/en-US.json; the Users collection adds its own (username rules, taken username).
 */
const password = z.string().min(8, 'passwordTooShort').max(256, 'passwordTooLong')
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean())

export const signUpInput = z
  .object({
    username: z.string().trim().min(1, 'usernameRequired').max(39, 'usernameRules'),
    email: z.string().trim().toLowerCase().max(254, 'emailInvalid').pipe(z.email('emailInvalid')),
    password,
    confirmPassword: z.string(),
    subscribe: checkbox,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' })
export type SignUpInput = z.infer<typeof signUpInput>

export const signInInput = z.object({
  /** A username or an email address: Payload looks up both. */
  identifier: z.string().trim().min(1, 'identifierRequired').max(254, 'signInFailed'),
  password: z.string().min(1, 'passwordRequired').max(256, 'signInFailed'),
  /** The second step for an account with two-factor on: an app code or a backup code. */
  code: z.string().trim().max(32, 'twoFactorInvalid').optional(),
})
export type SignInInput = z.infer<typeof signInInput>

export const resetRequestInput = z.object({
  identifier: z.string().trim().min(1, 'identifierRequired').max(254, 'identifierRequired'),
})

export const resetPasswordInput = z
  .object({ token: z.string().min(1, 'resetTokenInvalid').max(256, 'resetTokenInvalid'), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' })

export const verificationToken = z.string().trim().min(1).max(256)

/** The first message per field, for the form to show next to it. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    out[key] ??= issue.message
  }
  return out
}

/** A FormData as a plain record of its string values (files are not expected on these forms). */
export const formRecord = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, v as string]))
