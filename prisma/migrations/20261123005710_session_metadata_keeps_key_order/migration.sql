-- Metadata is echoed verbatim (retrieve, list, webhooks): jsonb reorders keys, json keeps them
-- as sent. Rows written before this keep the order jsonb gave them (it cannot be recovered).
-- (No semicolons or quotes in these comments: the migration runner splits statements naively.)
ALTER TABLE "VerificationSession"
  ALTER COLUMN "metadata" DROP DEFAULT,
  ALTER COLUMN "metadata" SET DATA TYPE JSON USING "metadata"::json,
  ALTER COLUMN "metadata" SET DEFAULT '{}';
