-- AlterTable
ALTER TABLE "VerificationSession" ADD COLUMN     "methodProviderCalls" INTEGER NOT NULL DEFAULT 0;

