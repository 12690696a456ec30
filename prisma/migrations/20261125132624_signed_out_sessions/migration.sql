-- CreateTable
CREATE TABLE "SignedOutSession" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SignedOutSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignedOutSession_expiresAt_idx" ON "SignedOutSession"("expiresAt");

