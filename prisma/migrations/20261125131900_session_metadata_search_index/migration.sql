-- The dashboard's session search by metadata key and value (metadata::jsonb @> {"key":"value"}).
-- metadata stays json (decision 0004: it keeps key order), so the index is on its jsonb form,
-- an expression Prisma's schema cannot state: this migration is written by hand.
-- (No semicolon in these comments: the driver adapter splits scripts on it.)
CREATE INDEX "VerificationSession_metadata_jsonb_idx" ON "VerificationSession" USING GIN (("metadata"::jsonb) jsonb_path_ops);
