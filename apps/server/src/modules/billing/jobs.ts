import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import { completed, type Queue } from '../../infrastructure/queue/queue';
import type { PaymentGateway } from '../../infrastructure/payments/payment-gateway';
import type { PlanPriceIds } from './plans';
import { billEndedOverage } from './service';

/** `billing.overage`, hourly: images past a plan's allowance are billed once the period has ended (030). */
export async function registerBillingJobs(
  queue: Queue,
  { db, gateway, priceIds, log }: { db: Db; gateway: PaymentGateway; priceIds: PlanPriceIds; log: Logger },
) {
  await queue.work('billing.overage', 1, async () => {
    const billed = await billEndedOverage({ db, gateway, priceIds }, log);
    if (billed) log.info({ billed }, 'overage billed');
    return completed({ billed });
  });
  await queue.schedule('billing.overage', '41 * * * *');
}
