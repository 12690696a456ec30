-- AlterTable
ALTER TABLE "PromptSet" ADD COLUMN     "lexiconIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "textType" TEXT NOT NULL DEFAULT 'text';

-- CreateTable
CREATE TABLE "Lexicon" (
    "id" TEXT NOT NULL,
    "orgId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "lexemeCount" INTEGER NOT NULL,
    "lexemes" JSONB NOT NULL,
    "pls" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Lexicon_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Lexicon_orgId_createdAt_idx" ON "Lexicon"("orgId", "createdAt");

-- AddForeignKey
ALTER TABLE "Lexicon" ADD CONSTRAINT "Lexicon_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

