import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Every column of VerificationSession, from the Prisma schema itself, for the hot-path SQL that
 * reads sessions without Prisma (create, retrieve, list). Listing them (rather than `*`) keeps
 * prepared statements valid when a migration adds a column while the app runs, and taking them
 * from the generated client means a new field is selected without anyone remembering to.
 * Column names are the field names (the schema maps none), so rows have the model's shape.
 */
export const SESSION_COLUMNS = Object.values(Prisma.VerificationSessionScalarFieldEnum)
  .map((column) => `"${column}"`)
  .join(", ");
