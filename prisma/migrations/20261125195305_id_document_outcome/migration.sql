-- AlterTable
ALTER TABLE "VerificationSession" ADD COLUMN     "outcomeDocumentCountry" TEXT,
ADD COLUMN     "outcomeDocumentType" TEXT;

