-- Enumerated columns Prisma cannot type as an enum (an Int, a text array, a plain text) are held
-- to what the code writes, so a row read back needs no cast: lib/verification/schemas.ts
-- (required_age 16 or 18, verificationMethods, the outcome's result and confidence: a NULL
-- outcome passes a CHECK) and lib/platform/mail/send-mail.ts (sent | failed).
-- Prisma's schema cannot state a CHECK, so `npm run db:new-migration` (a schema diff) cannot
-- write this one: it is written by hand and leaves schema-snapshot.prisma as it is.
ALTER TABLE "VerificationSession"
  ADD CONSTRAINT "VerificationSession_requiredAge_check" CHECK ("requiredAge" IN (16, 18)),
  ADD CONSTRAINT "VerificationSession_methods_check"
    CHECK ("methods" <@ ARRAY['face_estimation', 'id_document', 'credit_card', 'digital_id']::TEXT[]),
  ADD CONSTRAINT "VerificationSession_outcomeMethod_check"
    CHECK ("outcomeMethod" IN ('face_estimation', 'id_document', 'credit_card', 'digital_id')),
  ADD CONSTRAINT "VerificationSession_outcomeResult_check" CHECK ("outcomeResult" IN ('pass', 'fail', 'inconclusive')),
  ADD CONSTRAINT "VerificationSession_outcomeConfidence_check"
    CHECK ("outcomeConfidence" IN ('high', 'medium', 'low'));

ALTER TABLE "MailLog"
  ADD CONSTRAINT "MailLog_status_check" CHECK ("status" IN ('sent', 'failed'));
