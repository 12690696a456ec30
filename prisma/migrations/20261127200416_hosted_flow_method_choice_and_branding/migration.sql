-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "brandColor" TEXT,
ADD COLUMN     "logoPng" BYTEA;

-- AlterTable
ALTER TABLE "VerificationSession" ADD COLUMN     "concludedMethods" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "methodSwitches" INTEGER NOT NULL DEFAULT 0;


-- Sessions already in progress moved through their methods in order: every method before the
-- current one had ended.
UPDATE "VerificationSession"
   SET "concludedMethods" = ARRAY(SELECT generate_series(0, "currentMethodIndex" - 1))
 WHERE "status" = 'in_progress' AND "currentMethodIndex" > 0;
