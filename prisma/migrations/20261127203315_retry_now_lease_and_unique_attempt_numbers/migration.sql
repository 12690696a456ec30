-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "retryLeaseUntil" TIMESTAMPTZ(3);

-- Attempts that share a number with an earlier one of their delivery (a manual attempt and an
-- automatic one could) move after the delivery's highest number, in the order they started,
-- so the unique index below can be built.
WITH ranked AS (
  SELECT "id", "deliveryId",
         row_number() OVER (PARTITION BY "deliveryId", "attemptNumber" ORDER BY "startedAt", "id") AS "copy"
    FROM "DeliveryAttempt"
), highest AS (
  SELECT "deliveryId", max("attemptNumber") AS "top" FROM "DeliveryAttempt" GROUP BY "deliveryId"
), renumbered AS (
  SELECT r."id", h."top" + row_number() OVER (PARTITION BY r."deliveryId" ORDER BY r."id") AS "number"
    FROM ranked r JOIN highest h ON h."deliveryId" = r."deliveryId"
   WHERE r."copy" > 1
)
UPDATE "DeliveryAttempt" AS a SET "attemptNumber" = renumbered."number" FROM renumbered WHERE a."id" = renumbered."id";

UPDATE "WebhookDelivery" AS d
   SET "lastAttemptNumber" = m."top"
  FROM (SELECT "deliveryId", max("attemptNumber") AS "top" FROM "DeliveryAttempt" GROUP BY "deliveryId") AS m
 WHERE m."deliveryId" = d."id" AND d."lastAttemptNumber" < m."top";

-- CreateIndex
CREATE UNIQUE INDEX "DeliveryAttempt_deliveryId_attemptNumber_key" ON "DeliveryAttempt"("deliveryId", "attemptNumber");
