-- The dashboard's search by metadata reads a table of the sessions' pairs keyed in the list's
-- order (docs/decisions/0015-metadata-search-table.md), instead of a GIN index that cannot give
-- the newest matches without reading and sorting all of them.
-- (No semicolon in these comments: the driver adapter splits scripts on it.)

-- CreateTable
CREATE TABLE "SessionMetadataEntry" (
    "orgId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "sessionId" TEXT NOT NULL,

    CONSTRAINT "SessionMetadataEntry_pkey" PRIMARY KEY ("orgId","key","value","createdAt","sessionId")
);

-- The list's index, now unique so that the entries can reference it: built before the old one
-- goes, so the list is never without one.
CREATE UNIQUE INDEX "VerificationSession_orgId_createdAt_id_key" ON "VerificationSession"("orgId", "createdAt" DESC, "id" DESC);

DROP INDEX "VerificationSession_orgId_createdAt_id_idx";

-- Backfill: every existing session's pairs, as the create statement writes them. Safe to run
-- again (after a rolling deploy, for sessions the previous release created meanwhile).
INSERT INTO "SessionMetadataEntry" ("orgId", "key", "value", "createdAt", "sessionId")
SELECT "orgId", "key", "value", "createdAt", "id" FROM "VerificationSession", json_each_text("metadata")
ON CONFLICT DO NOTHING;

-- AddForeignKey
ALTER TABLE "SessionMetadataEntry" ADD CONSTRAINT "SessionMetadataEntry_orgId_createdAt_sessionId_fkey" FOREIGN KEY ("orgId", "createdAt", "sessionId") REFERENCES "VerificationSession"("orgId", "createdAt", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The GIN index on metadata::jsonb (migration 20261125131900) is no longer read.
DROP INDEX "VerificationSession_metadata_jsonb_idx";
