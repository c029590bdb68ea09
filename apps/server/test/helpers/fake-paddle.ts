import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/**
 * A loopback server speaking the Paddle Billing API's HTTP format (snake_case JSON in `{ data, meta }`,
 * errors as `{ error: { type, code, detail, documentation_url }, meta }`), for the real Paddle SDK.
 */
export async function startFakePaddle() {
  const requests: RecordedRequest[] = [];
  let failNext: { status: number; code: string; detail: string } | null = null;

  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const meta = { request_id: `req_${requests.length}` };
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (failNext) {
      const { status, code, detail } = failNext;
      failNext = null;
      return send(status, {
        error: { type: 'request_error', code, detail, documentation_url: 'https://developer.paddle.com/errors' },
        meta,
      });
    }
    const portal = path.match(/^\/customers\/([^/]+)\/portal-sessions$/);
    if (req.method === 'POST' && portal) {
      const subscriptionIds = (body?.subscription_ids as string[] | undefined) ?? [];
      return send(201, {
        data: {
          id: 'cpls_01',
          customer_id: portal[1],
          urls: {
            general: { overview: `https://customer-portal.paddle.com/cpl_01/overview?token=pga_${portal[1]}` },
            subscriptions: subscriptionIds.map((id) => ({
              id,
              cancel_subscription: `https://customer-portal.paddle.com/cpl_01/cancel?sub=${id}`,
              update_subscription_payment_method: `https://customer-portal.paddle.com/cpl_01/pm?sub=${id}`,
            })),
          },
          created_at: new Date().toISOString(),
        },
        meta,
      });
    }
    const subscription = path.match(/^\/subscriptions\/([^/]+)(\/cancel|\/charge)?$/);
    if (subscription && (req.method === 'PATCH' || req.method === 'POST')) {
      return send(200, { data: subscriptionEntity(subscription[1]!), meta });
    }
    send(404, {
      error: { type: 'request_error', code: 'not_found', detail: 'Not found', documentation_url: '' },
      meta,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNextWith(status: number, code: string, detail: string) {
      failNext = { status, code, detail };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/** A subscription entity as Paddle returns it (the fields its SDK reads). */
function subscriptionEntity(id: string) {
  const now = new Date().toISOString();
  const price = {
    id: 'pri_pro',
    product_id: 'pro_01',
    description: 'Pro monthly',
    type: 'standard',
    name: 'Pro',
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: null,
    tax_mode: 'account_setting',
    unit_price: { amount: '9900', currency_code: 'USD' },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: 'active',
    custom_data: null,
    created_at: now,
    updated_at: now,
  };
  return {
    id,
    status: 'active',
    customer_id: 'ctm_01',
    address_id: 'add_01',
    business_id: null,
    currency_code: 'USD',
    created_at: now,
    updated_at: now,
    started_at: now,
    first_billed_at: now,
    next_billed_at: now,
    paused_at: null,
    canceled_at: null,
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period: { starts_at: now, ends_at: now },
    billing_cycle: { interval: 'month', frequency: 1 },
    scheduled_change: null,
    management_urls: null,
    items: [
      {
        status: 'active',
        quantity: 1,
        recurring: true,
        created_at: now,
        updated_at: now,
        previously_billed_at: now,
        next_billed_at: now,
        trial_dates: null,
        price,
        product: {
          id: 'pro_01',
          name: 'Hearth Pro',
          tax_category: 'standard',
          status: 'active',
          created_at: now,
          updated_at: now,
        },
      },
    ],
    custom_data: null,
    import_meta: null,
  };
}
