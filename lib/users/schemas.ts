// zod schemas of the dashboard's accounts: sign-up and sign-in forms, the CLI and the
// credentials provider all parse with these. Importable by client and server.
import { z } from "zod";
import { singleParam } from "@/lib/http/search-params";

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

export const organizationNameSchema = z
  .string({ error: "Name your organisation." })
  .trim()
  .min(2, "Use at least 2 characters for the organisation name.")
  .max(80, "Use at most 80 characters for the organisation name.");

export const signUpBodySchema = z.object({
  name: z.string().trim().max(100, "Use at most 100 characters for your name.").optional().default(""),
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
 * the failure Auth.js sends people back with when a sign-in fails outside our forms, and
 * `reset`, set after a new password was chosen.
 */
export const signInQuerySchema = z.object({
  next: singleParam(z.string()),
  error: singleParam(z.string()),
  reset: singleParam(z.string()),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** /reset-password's query: the link's secret. */
export const resetPasswordQuerySchema = z.object({ token: singleParam(z.string().max(200)) });

export const resetPasswordBodySchema = z.object({
  token: z.string().max(200).default(""),
  password: newPasswordSchema,
});
