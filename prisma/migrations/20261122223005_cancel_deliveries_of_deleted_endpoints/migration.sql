-- Deliveries left pending by endpoints deleted before deletion cancelled them (data only).
UPDATE "WebhookDelivery" AS d
   SET "status" = 'cancelled', "cancelledAt" = e."deletedAt"
  FROM "WebhookEndpoint" AS e
 WHERE e."id" = d."endpointId"
   AND e."deletedAt" IS NOT NULL
   AND d."status" = 'pending';
