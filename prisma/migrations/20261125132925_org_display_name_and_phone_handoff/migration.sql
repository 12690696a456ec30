-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "displayName" TEXT;

-- AlterTable
ALTER TABLE "VerificationSession" ADD COLUMN     "handedOffBindingHash" TEXT,
ADD COLUMN     "handoffExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "handoffTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "VerificationSession_handoffTokenHash_key" ON "VerificationSession"("handoffTokenHash");

