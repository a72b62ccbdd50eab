import { z } from 'zod';

/** SPEC.md section 3. */
export const User = z
  .object({
    id: z.uuid(),
    email: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatar: z.string().nullable(),
    features: z.array(z.string()),
    isAdmin: z.boolean(),
    signedPlatformTermsLogs: z.array(z.object({ id: z.string(), version: z.string() })),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The same words in the browser and on the server (the common-password check is the server's). */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const Email = z.email('Enter a valid email address.').max(254);

/** A captcha solution (self-hosted proof of work, or reCAPTCHA when configured). */
export const CaptchaResponse = z.string().max(8192);

/** Six digits, as authenticator apps show them; recovery codes are accepted in the same field. */
export const OneTimePassword = z.string().trim().min(6).max(32);

const confirmation = <T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The passwords do not match.' });
  }
};

/**
 * A picture shown as an `<img>` to everyone who sees the user: only an https address, so no
 * `javascript:`, `data:` or plain-http URL is ever stored (every write path uses this schema).
 */
export const AvatarUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.hostname, message: 'Use an https:// address for the avatar.' })
  .max(2048, 'Use an address of at most 2048 characters.');

export const CreateUserRequest = z
  .object({ email: Email, password: Password, 'g-recaptcha-response': CaptchaResponse })
  .meta({ id: 'CreateUserRequest' });

export const UpdateUserRequest = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9_.-]{3,32}$/, 'Use 3 to 32 letters, digits, dots, dashes or underscores.')
      .nullable()
      .optional(),
    firstName: z.string().trim().max(100).nullable().optional(),
    lastName: z.string().trim().max(100).nullable().optional(),
    email: Email.optional(),
    avatar: AvatarUrl.nullable().optional(),
  })
  .meta({ id: 'UpdateUserRequest' });

export const LoginRequest = z
  .object({
    email: Email,
    password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
    'g-recaptcha-response': CaptchaResponse.optional(),
    one_time_password: OneTimePassword.optional(),
  })
  .meta({ id: 'LoginRequest' });

export const ForgotPasswordRequest = z
  .object({ email: Email, 'g-recaptcha-response': CaptchaResponse })
  .meta({ id: 'ForgotPasswordRequest' });

export const ResetPasswordRequest = z
  .object({
    token: z.string().min(10).max(200),
    email: Email,
    password: Password,
    password_confirmation: z.string(),
  })
  .superRefine(confirmation)
  .meta({ id: 'ResetPasswordRequest' });

export const SetPasswordTokenRequest = z.object({ email: Email }).meta({ id: 'SetPasswordTokenRequest' });

export const SetPasswordRequest = z
  .object({
    token: z.string().min(10).max(200),
    email: Email,
    password: Password,
    password_confirmation: z.string(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    username: UpdateUserRequest.shape.username,
    avatar: AvatarUrl.optional(),
    signedEula: z.boolean().optional(),
  })
  .superRefine(confirmation)
  .meta({ id: 'SetPasswordRequest' });

export const ChangePasswordRequest = z
  .object({
    current_password: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    password: Password,
    password_confirmation: z.string(),
  })
  .superRefine(confirmation)
  .meta({ id: 'ChangePasswordRequest' });

export const ConfirmPasswordRequest = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

export const TwoFactorSecret = z
  .object({ secret: z.string(), otpauthUrl: z.string(), qrCodeSvg: z.string() })
  .meta({ id: 'TwoFactorSecret' });

export const TwoFactorSetupRequest = z
  .object({
    secret: z.string().min(16).max(128),
    one_time_password: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  })
  .meta({ id: 'TwoFactorSetupRequest' });

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(10) }).meta({ id: 'RecoveryCodes' });

export const Token = z.object({ token: z.string() }).meta({ id: 'Token' });

export const ResetPasswordTokenInfo = z.object({ email: z.string() });

/** A captcha challenge to solve in the browser (ALTCHA proof of work) or reCAPTCHA's site key. */
export const CaptchaChallenge = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('pow'),
      algorithm: z.string(),
      challenge: z.string(),
      maxnumber: z.number().optional(),
      salt: z.string(),
      signature: z.string(),
    }),
    z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
  ])
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

export const AcceptedInvite = z
  .object({
    projectId: z.uuid(),
    projectName: z.string(),
    role: z.string(),
    /** False when the person was already a member (their role is kept). */
    joined: z.boolean(),
  })
  .meta({ id: 'AcceptedInvite' });
export type AcceptedInvite = z.infer<typeof AcceptedInvite>;

/**
 * Feature levels a person is enrolled in (User.features): early features show only to those on
 * their level, e.g. the push subscribe control needs 'alpha' (SPEC.md section 5).
 */
export const FEATURE_LEVELS = ['alpha', 'beta'] as const;
export const UpdateUserFeaturesRequest = z
  .object({ features: z.array(z.enum(FEATURE_LEVELS)).max(FEATURE_LEVELS.length) })
  .meta({ id: 'UpdateUserFeaturesRequest' });
export type UpdateUserFeaturesRequest = z.infer<typeof UpdateUserFeaturesRequest>;
