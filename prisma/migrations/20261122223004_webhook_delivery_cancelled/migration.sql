-- AlterEnum
ALTER TYPE "DeliveryStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3);

