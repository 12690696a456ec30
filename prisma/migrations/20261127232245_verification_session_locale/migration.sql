-- AlterTable
ALTER TABLE "VerificationSession" ADD COLUMN     "locale" TEXT;

