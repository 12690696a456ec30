-- CreateEnum
CREATE TYPE "PromptStatus" AS ENUM ('pending', 'queued', 'generating', 'done', 'failed');

-- AlterTable
ALTER TABLE "TtsGeneration" ADD COLUMN     "promptSetId" TEXT;

-- CreateTable
CREATE TABLE "PromptSet" (
    "id" TEXT NOT NULL,
    "orgId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "voiceId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "outputFormat" TEXT NOT NULL,
    "voiceSettings" JSONB,
    "generationRound" INTEGER NOT NULL DEFAULT 0,
    "generationStartedAt" TIMESTAMPTZ(3),
    "rateLimitStreak" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromptSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromptSetPrompt" (
    "id" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" "PromptStatus" NOT NULL DEFAULT 'pending',
    "cached" BOOLEAN,
    "cacheKey" TEXT,
    "sha256" TEXT,
    "bytes" INTEGER,
    "durationMs" INTEGER,
    "peaks" BYTEA,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "generatedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromptSetPrompt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PromptSet_orgId_createdAt_idx" ON "PromptSet"("orgId", "createdAt");

-- CreateIndex
CREATE INDEX "PromptSetPrompt_setId_position_idx" ON "PromptSetPrompt"("setId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "PromptSetPrompt_setId_name_key" ON "PromptSetPrompt"("setId", "name");

-- AddForeignKey
ALTER TABLE "PromptSet" ADD CONSTRAINT "PromptSet_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromptSetPrompt" ADD CONSTRAINT "PromptSetPrompt_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PromptSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

