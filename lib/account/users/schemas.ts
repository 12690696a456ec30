// zod schemas of the dashboard's accounts: sign-up and sign-in forms, the CLI and the
// credentials provider all parse with these. Importable by client and server.
import { z } from "zod";
import { singleParam } from "@/lib/platform/http/search-params";

export const PASSWORD_MIN_LENGTH = 10;
// argon2 takes any length, but an unbounded field invites multi-megabyte bodies.
const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .string({ error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long.")
  .pipe(z.email({ error: "Enter a valid email address, like you@company.com." }));

export const newPasswordSchema = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

// Names are shown to other people, in the dashboard and in mail (an invitation names its sender
// and organisation): a line break would let one pass for the mail's own lines, and a URL turn
// it into a link. Both are refused where names are entered; mail quotes them as data anyway.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const URL_LIKE = /:\/\/|\bwww\.|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

function plainName(schema: z.ZodString, what: string) {
  return schema
    .refine((name) => !CONTROL.test(name), `Use a single line for ${what}.`)
    .refine((name) => !URL_LIKE.test(name), `Leave web addresses out of ${what}.`);
}

export const organizationNameSchema = plainName(
  z
    .string({ error: "Name your organisation." })
    .trim()
    .min(2, "Use at least 2 characters for the organisation name.")
    .max(80, "Use at most 80 characters for the organisation name."),
  "the organisation name",
);

/** A person's own name (sign-up, the invitation's sign-up): optional. */
export const personNameSchema = plainName(
  z.string().trim().max(100, "Use at most 100 characters for your name."),
  "your name",
)
  .optional()
  .default("");

export const signUpBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  organization: organizationNameSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  // Any stored password is at most PASSWORD_MAX_LENGTH; longer input cannot match.
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX_LENGTH),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * /sign-in's query: `next`, where to go once signed in (made safe by safeReturnPath), `error`,
 * the failure Auth.js sends people back with when a sign-in fails outside our forms,
 * `reset`, set after a new password was chosen, and `verified`, after the address was confirmed.
 */
export const signInQuerySchema = z.object({
  next: singleParam(z.string()),
  error: singleParam(z.string()),
  reset: singleParam(z.string()),
  verified: singleParam(z.string()),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** /reset-password's and /confirm-email's query: the link's secret. */
export const linkTokenQuerySchema = z.object({ token: singleParam(z.string().max(200)) });

export const resetPasswordBodySchema = z.object({
  token: z.string().max(200).default(""),
  password: newPasswordSchema,
});
