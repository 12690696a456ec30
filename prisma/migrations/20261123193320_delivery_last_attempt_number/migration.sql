-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "lastAttemptNumber" INTEGER NOT NULL DEFAULT 0;

-- Existing deliveries continue after the highest attempt number they have used (data only).
UPDATE "WebhookDelivery" AS d
   SET "lastAttemptNumber" = GREATEST(d."attempts", COALESCE((SELECT max(a."attemptNumber") FROM "DeliveryAttempt" AS a WHERE a."deliveryId" = d."id"), 0));
