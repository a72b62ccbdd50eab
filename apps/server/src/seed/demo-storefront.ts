import type { Address } from '@wharf/contract';
import type { Executor } from '../core/db/database.js';
import { installModulesByCode } from '../modules/integrations/testing.js';
import { formatAmount } from '../modules/storefront/orders/payments.js';
import { replaceShop, type ShopRows } from '../modules/storefront/testing.js';
import { demoProjects, demoUsers } from './demo-data.js';
import {
  demoCarriers,
  demoEnquiries,
  demoFirstNames,
  demoLastNames,
  demoMailDomains,
  demoProducts,
  demoRejections,
  demoReplies,
  demoReviewTexts,
  demoStreets,
  demoTowns,
} from './demo-shop-data.js';

/**
 * The demo shop: Harbour Outfitters' two years of orders, its customers, enquiries and reviews,
 * dated back from the seed's clock so the dashboard's last 30 days are always full. Everything is
 * drawn from one seeded random sequence: the same clock gives the same shop. Running the seed again
 * replaces the shop (dated from the new clock) rather than adding a second one.
 */

export const DEMO_SHOP_PROJECT_ID = demoProjects[0].id;
/** The modules a shop's console pages need (orders needs products). */
export const DEMO_SHOP_MODULES = ['products', 'orders', 'customers', 'reviews'] as const;
export const DEMO_SHOP_CURRENCY = 'GBP';

const CUSTOMERS = 300;
const ORDERS = 3000;
const ENQUIRIES = 40;
const REVIEWS = 150;
const DAYS = 730;
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const FREE_SHIPPING_FROM = 7500;
const SHIPPING = 495;
/** Statuses whose orders the customer's lifetime value counts (as the intake and payments keep it). */
const PAID = new Set(['paid', 'processing', 'complete']);
const STOREFRONT_KEY = 'An API key';

type OrderRow = ShopRows['orders'][number];
export type DemoShop = ShopRows;

/** mulberry32: a small, fast, seeded generator; plenty for demo data. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  const hex = (length: number) => Array.from({ length }, () => int(16).toString(16)).join('');
  const digits = (length: number) => Array.from({ length }, () => int(10)).join('');
  // Ids from the same sequence: the same shop has the same ids, run after run.
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, chance, hex, digits, uuid };
}
type Random = ReturnType<typeof seeded>;

/**
 * How busy a day is, relative to others: the run-up to Christmas (with Black Friday's week) busiest,
 * January and February quietest, Sundays and Mondays a little busier, and the shop growing over the
 * two years.
 */
function dayWeight(date: Date, progress: number): number {
  const month = date.getUTCMonth();
  const dayOfMonth = date.getUTCDate();
  const season = [0.75, 0.7, 0.85, 0.9, 0.95, 0.9, 0.85, 0.85, 0.95, 1.1, 1.7, 2.1][month]!;
  const blackFriday = month === 10 && dayOfMonth >= 22 ? 1.5 : 1;
  const lastPosting = month === 11 && dayOfMonth > 20 ? 0.45 : 1;
  const weekday = [1.15, 1.1, 1, 1, 1, 0.95, 0.9][date.getUTCDay()]!;
  return season * blackFriday * lastPosting * weekday * (0.7 + 0.6 * progress);
}

/** The minutes past midnight orders come in at: few at night, most in the evening. */
function timeOfDay(r: Random): number {
  const hour = r.chance(0.05) ? r.int(7) : 7 + Math.floor(17 * Math.pow(r.next(), 0.75));
  return (hour * 60 + r.int(60)) * 60 * SECOND + r.int(60) * SECOND;
}

interface Person {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: Address;
}

function people(r: Random): Person[] {
  return Array.from({ length: CUSTOMERS }, (_, i) => {
    const first = r.pick(demoFirstNames);
    const last = r.pick(demoLastNames);
    const name = `${first} ${last}`;
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const town = r.pick(demoTowns);
    const phone = r.chance(0.6) ? `07${r.digits(9)}` : null;
    return {
      id: r.uuid(),
      name,
      email: `${local}${i + 1}@${r.pick(demoMailDomains)}`,
      phone,
      address: {
        name,
        line1: `${1 + r.int(120)} ${r.pick(demoStreets)}`,
        line2: null,
        city: town.city,
        region: town.region,
        postalCode: town.postalCode,
        country: 'GB',
        phone,
      },
    };
  });
}

/** Half the orders by anyone, half mostly by the regulars at the top of the list. */
const whoBuys = (r: Random) => (r.chance(0.5) ? r.int(CUSTOMERS) : Math.floor(CUSTOMERS * Math.pow(r.next(), 2.2)));

/** The order times of two years: about ORDERS of them, spread by dayWeight, oldest first, none after now. */
function orderTimes(r: Random, now: Date): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: DAYS }, (_, i) => {
    const start = today - (DAYS - 1 - i) * DAY;
    return { start, weight: dayWeight(new Date(start), i / (DAYS - 1)) };
  });
  const sum = days.reduce((total, d) => total + d.weight, 0);
  const times: Date[] = [];
  for (const { start, weight } of days) {
    const count = Math.floor((ORDERS * weight) / sum + r.next());
    const open = Math.min(DAY, now.getTime() - start - 60 * SECOND);
    for (let k = 0; k < count; k++) {
      const at = start === today ? start + Math.floor(r.next() * Math.max(open, 0)) : start + timeOfDay(r);
      times.push(new Date(at));
    }
  }
  return times.sort((a, b) => a.getTime() - b.getTime());
}

/** `ms` after `at`, but never after now. */
const later = (at: Date, ms: number, now: Date) => new Date(Math.min(at.getTime() + ms, now.getTime()));

/** The demo shop as rows, from the seed's clock. Pure: nothing is written. */
export function demoShop(now: Date): DemoShop {
  const r = seeded(22);
  const projectId = DEMO_SHOP_PROJECT_ID;
  const buyers = people(r);
  const staff = demoUsers.slice(0, 3).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
  const shop: DemoShop = {
    customers: [],
    orders: [],
    items: [],
    events: [],
    payments: [],
    fulfillments: [],
    fulfillmentItems: [],
    enquiries: [],
    enquiryLogs: [],
    reviews: [],
    reviewLogs: [],
  };
  const gbp = (minor: number) => formatAmount(minor, DEMO_SHOP_CURRENCY);

  const times = orderTimes(r, now);
  // One or two of the last days' orders wait on a card that was declined.
  const recent = times.map((t, i) => [t, i] as const).filter(([t]) => now.getTime() - t.getTime() < 3 * DAY);
  const declined = new Set(recent.slice(0, 2).map(([, i]) => i));
  const orderOf = new Map<string, { orderId: string; items: { sku: string; name: string }[]; delivered: Date }>();
  const buyerOrders = new Map<number, OrderRow[]>();

  times.forEach((placedAt, index) => {
    const number = 1001 + index;
    const who = whoBuys(r);
    const buyer = buyers[who]!;
    const orderId = r.uuid();
    const age = (now.getTime() - placedAt.getTime()) / DAY;

    // Lines: mostly one product, sometimes two or three, each once or twice.
    const lineCount = r.chance(0.6) ? 1 : r.chance(0.75) ? 2 : 3;
    const products = new Set<(typeof demoProducts)[number]>();
    while (products.size < lineCount) products.add(r.pick(demoProducts));
    const lines = [...products].map((product, position) => {
      const quantity = r.chance(0.85) ? 1 : 2;
      return {
        id: r.uuid(),
        orderId,
        position,
        sku: product.sku,
        name: product.name,
        variant: product.variants ? r.pick(product.variants) : null,
        quantity,
        unitPrice: product.price,
        total: product.price * quantity,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
    const discount = r.chance(0.12) ? Math.round(subtotal * 0.1) : 0;
    const shipping = subtotal - discount >= FREE_SHIPPING_FROM ? 0 : SHIPPING;
    const total = subtotal - discount + shipping;
    const amount = gbp(total);

    // Where the order stands by its age: old ones shipped long ago, the last day's not yet.
    let status: 'new' | 'paid' | 'processing' | 'complete' | 'refunded';
    if (declined.has(index)) status = 'new';
    else if (age > 7 && r.chance(0.015)) status = 'refunded';
    else if (age >= 5) status = 'complete';
    else if (age >= 2) status = r.chance(0.7) ? 'complete' : 'processing';
    else if (age >= 0.5) status = r.chance(0.5) ? 'processing' : 'paid';
    else status = 'paid';
    const shipsAfterRefund = status === 'refunded' && r.chance(0.6);

    const events: ShopRows['events'] = [
      {
        orderId,
        at: placedAt,
        kind: 'placed',
        message: `Order #${number} placed for ${amount}.`,
        actor: STOREFRONT_KEY,
      },
    ];
    const paidAt = status === 'new' ? null : later(placedAt, 3 * SECOND, now);
    shop.payments.push({
      id: r.uuid(),
      orderId,
      attempt: 1,
      method: 'card',
      paymentMethod: status === 'new' ? 'pm_card_chargeDeclined' : 'pm_card_visa',
      amount: total,
      currency: DEMO_SHOP_CURRENCY,
      outcome: status === 'new' ? 'failed' : 'succeeded',
      reference: `pi_sandbox_${r.hex(24)}`,
      failure: status === 'new' ? 'The card was declined.' : null,
      createdAt: placedAt,
      settledAt: later(placedAt, 3 * SECOND, now),
    });
    events.push(
      status === 'new'
        ? {
            orderId,
            at: later(placedAt, 3 * SECOND, now),
            kind: 'payment_failed',
            message: `Payment of ${amount} failed: The card was declined.`,
            actor: null,
          }
        : {
            orderId,
            at: paidAt!,
            kind: 'payment_succeeded',
            message: `Payment of ${amount} succeeded; the order is paid.`,
            actor: null,
          },
    );

    // The fulfilment: picked within hours, shipped a day or two later, delivered a few days after.
    const packer = r.pick(staff);
    const startedAt = later(placedAt, (2 + r.int(20)) * HOUR, now);
    const shippedAt = later(placedAt, (20 + r.int(40)) * HOUR, now);
    const deliveredAt = new Date(shippedAt.getTime() + (1 + r.int(3)) * DAY);
    const shipped = status === 'complete' || shipsAfterRefund;
    const delivered = shipped && deliveredAt <= now;
    const started = shipped || status === 'processing';
    const carrier = r.pick(demoCarriers);
    const tracking = carrier.tracking(r.digits(16));
    if (started) {
      events.push({
        orderId,
        at: startedAt,
        kind: 'fulfillment_updated',
        message: 'Fulfilment marked processing.',
        actor: packer.name,
      });
      events.push({
        orderId,
        at: startedAt,
        kind: 'status_changed',
        message: `Order #${number} is now processing.`,
        actor: packer.name,
      });
    }
    if (shipped) {
      events.push({
        orderId,
        at: shippedAt,
        kind: 'fulfillment_updated',
        message: `Fulfilment marked shipped, tracking ${carrier.name} ${tracking}.`,
        actor: packer.name,
      });
      events.push({
        orderId,
        at: shippedAt,
        kind: 'status_changed',
        message: `Order #${number} is now complete.`,
        actor: packer.name,
      });
    }
    if (delivered)
      events.push({
        orderId,
        at: deliveredAt,
        kind: 'fulfillment_updated',
        message: 'Fulfilment marked delivered.',
        actor: null,
      });
    if (status === 'refunded') {
      const refundedAt = later(delivered ? deliveredAt : startedAt, (1 + r.int(6)) * DAY, now);
      const why = shipsAfterRefund ? 'Returned: did not fit.' : 'Cancelled by the customer before dispatch.';
      events.push({
        orderId,
        at: refundedAt,
        kind: 'refunded',
        message: `Refunded ${amount} to the card (re_sandbox_${r.hex(24)}).${shipsAfterRefund ? '' : ' 1 open fulfilment cancelled.'} Reason: ${why}`,
        actor: r.pick(staff).name,
      });
    }
    const fulfillmentId = r.uuid();
    shop.fulfillments.push({
      id: fulfillmentId,
      projectId,
      orderId,
      status: delivered
        ? 'delivered'
        : shipped
          ? 'shipped'
          : status === 'refunded'
            ? 'cancelled'
            : started
              ? 'processing'
              : 'pending',
      fulfillerKind: 'project',
      carrier: shipped ? carrier.name : null,
      trackingNumber: shipped ? tracking : null,
      trackingUrl: shipped ? carrier.url : null,
      createdAt: placedAt,
      updatedAt: events.at(-1)!.at,
      shippedAt: shipped ? shippedAt : null,
      deliveredAt: delivered ? deliveredAt : null,
    });
    for (const line of lines)
      shop.fulfillmentItems.push({ fulfillmentId, orderItemId: line.id, quantity: line.quantity });
    shop.items.push(...lines);
    shop.events.push(...events);

    const order: OrderRow = {
      id: orderId,
      projectId,
      number,
      source: 'storefront',
      externalId: null,
      status,
      customerId: buyer.id,
      customerEmail: buyer.email,
      customerName: buyer.name,
      currency: DEMO_SHOP_CURRENCY,
      subtotal,
      shipping,
      tax: 0,
      discount,
      total,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      shippingAddress: buyer.address,
      billingAddress: buyer.address,
      note: r.chance(0.04)
        ? r.pick(['Please leave with a neighbour if out.', 'It is a gift: no prices in the parcel, please.'])
        : null,
      paymentFailed: status === 'new',
      placedAt,
      paidAt,
      fulfilledAt: shipped ? shippedAt : null,
      updatedAt: events.reduce((last, e) => (e.at > last ? e.at : last), placedAt),
    };
    shop.orders.push(order);
    buyerOrders.set(who, [...(buyerOrders.get(who) ?? []), order]);
    if (delivered && status === 'complete') orderOf.set(orderId, { orderId, items: lines, delivered: deliveredAt });
  });

  // Each customer's figures from the orders just made, as the intake and payments would have kept them.
  buyers.forEach((buyer, who) => {
    const orders = buyerOrders.get(who);
    if (!orders) return;
    const first = orders[0]!;
    const last = orders.at(-1)!;
    shop.customers.push({
      id: buyer.id,
      projectId,
      email: buyer.email,
      name: buyer.name,
      phone: buyer.phone,
      orderCount: orders.length,
      lifetimeValue: orders.filter((o) => PAID.has(o.status)).reduce((sum, o) => sum + o.total, 0),
      firstPurchasedAt: first.placedAt,
      lastPurchasedAt: last.placedAt,
      lastShippingAddress: buyer.address,
      createdAt: first.placedAt,
      updatedAt: orders.reduce((at, o) => (o.updatedAt! > at ? o.updatedAt! : at), first.placedAt),
    });
  });

  enquiriesOf(r, now, shop, staff);
  reviewsOf(r, now, shop, staff, [...orderOf.values()]);
  return shop;
}

type Staff = { id: string; name: string }[];

/** About forty contact-form messages of the last four months: the recent open, some unread; older ones answered and closed. */
function enquiriesOf(r: Random, now: Date, shop: DemoShop, staff: Staff) {
  for (let i = 0; i < ENQUIRIES; i++) {
    const id = r.uuid();
    const receivedAt = new Date(now.getTime() - Math.floor(120 * DAY * Math.pow(r.next(), 1.6)) - HOUR);
    const age = (now.getTime() - receivedAt.getTime()) / DAY;
    const customer = r.chance(0.65) ? r.pick(shop.customers) : null;
    const stranger = `${r.pick(demoFirstNames)} ${r.pick(demoLastNames)}`;
    const name = customer?.name ?? stranger;
    const email =
      customer?.email ??
      `${stranger
        .toLowerCase()
        .replace(/[^a-z ]/g, '')
        .replace(' ', '.')}@example.org`;
    const { subject, message } = r.pick(demoEnquiries);
    const member = r.pick(staff);
    const readAt = age < 2 && r.chance(0.6) ? null : later(receivedAt, (1 + r.int(10)) * HOUR, now);
    const replies = readAt && (age > 3 || r.chance(0.5));
    const repliedAt = replies ? later(readAt, (1 + r.int(5)) * HOUR, now) : null;
    const closedAt = age > 10 && r.chance(0.85) ? later(repliedAt ?? readAt!, DAY, now) : null;
    shop.enquiries.push({
      id,
      projectId: DEMO_SHOP_PROJECT_ID,
      customerId: customer?.id ?? null,
      email,
      name,
      subject,
      message,
      status: closedAt ? 'closed' : 'open',
      readAt,
      repliedAt,
      closedAt,
      receivedAt,
      updatedAt: closedAt ?? repliedAt ?? readAt ?? receivedAt,
    });
    const log = (kind: 'received' | 'read' | 'replied' | 'closed', at: Date, text: string | null = null) =>
      shop.enquiryLogs.push({
        enquiryId: id,
        at,
        kind,
        message: text,
        actorId: kind === 'received' ? null : member.id,
        actorName: kind === 'received' ? STOREFRONT_KEY : member.name,
      });
    log('received', receivedAt);
    if (readAt) log('read', readAt);
    if (repliedAt) log('replied', repliedAt, r.pick(demoReplies));
    if (closedAt) log('closed', closedAt);
  }
}

/**
 * About 150 reviews of delivered orders: mostly products, some of the shop; the last week's wait
 * for moderation, a few were turned down with a reason, the rest approved.
 */
function reviewsOf(
  r: Random,
  now: Date,
  shop: DemoShop,
  staff: Staff,
  delivered: { orderId: string; items: { sku: string; name: string }[]; delivered: Date }[],
) {
  const orders = new Map(shop.orders.map((o) => [o.id, o]));
  const chosen = new Set<number>();
  // The newest deliveries are the likeliest to be reviewed, so the moderation queue has some.
  while (chosen.size < Math.min(REVIEWS, delivered.length))
    chosen.add(delivered.length - 1 - Math.floor(delivered.length * Math.pow(r.next(), 1.5)));
  const ratings = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 2, 1] as const;
  for (const index of [...chosen].sort((a, b) => a - b)) {
    const { orderId, items, delivered: deliveredAt } = delivered[index]!;
    const order = orders.get(orderId)!;
    const id = r.uuid();
    const rating = r.pick(ratings);
    const [title, body] = r.pick(demoReviewTexts[rating]);
    const product = r.chance(0.85) ? r.pick(items) : null;
    const submittedAt = later(deliveredAt, (2 + r.int(8)) * DAY + r.int(12) * HOUR, now);
    const waiting = now.getTime() - submittedAt.getTime() < 6 * DAY;
    const rejection = !waiting && r.chance(0.05) ? r.pick(demoRejections) : null;
    const hidden = !waiting && !rejection && r.chance(0.01);
    const status = waiting ? 'pending' : rejection ? 'rejected' : hidden ? 'hidden' : 'approved';
    const moderatedAt = waiting ? null : later(submittedAt, (2 + r.int(30)) * HOUR, now);
    const moderator = r.pick(staff);
    shop.reviews.push({
      id,
      projectId: DEMO_SHOP_PROJECT_ID,
      kind: product ? 'product' : 'store',
      productSku: product?.sku ?? null,
      productName: product?.name ?? null,
      orderId,
      customerId: order.customerId,
      authorName: order.customerName,
      authorEmail: order.customerEmail,
      rating,
      title,
      body,
      status,
      rejectionReason: rejection,
      moderatedAt,
      submittedAt,
      updatedAt: moderatedAt ?? submittedAt,
    });
    shop.reviewLogs.push({ reviewId: id, at: submittedAt, decision: 'submitted', actorName: order.customerName });
    if (moderatedAt && status !== 'pending')
      shop.reviewLogs.push({
        reviewId: id,
        at: moderatedAt,
        decision: status,
        reason: rejection ?? (hidden ? 'Duplicate of an earlier review.' : null),
        actorId: moderator.id,
        actorName: moderator.name,
      });
  }
}

export interface DemoShopSummary {
  customers: number;
  orders: number;
  enquiries: number;
  reviews: number;
}

/**
 * Writes the demo shop into the demo project in the caller's transaction: its modules installed, a
 * sandbox payment account, and the shop replaced (the previous run's rows removed first, so running
 * the seed twice leaves one shop, dated from the latest run's clock).
 */
export async function seedDemoStorefront(tx: Executor, now: Date): Promise<DemoShopSummary> {
  const projectId = DEMO_SHOP_PROJECT_ID;
  const shop = demoShop(now);
  await installModulesByCode(tx, projectId, DEMO_SHOP_MODULES, now);
  await replaceShop(tx, projectId, {
    currency: DEMO_SHOP_CURRENCY,
    rows: shop,
    paymentAccount: {
      vendor: 'sandbox',
      accountId: 'acct_sandbox_harbourdemo',
      displayName: 'Harbour Outfitters',
      country: 'GB',
      defaultCurrency: 'gbp',
      chargesEnabled: true,
      connectedAt: new Date(now.getTime() - DAYS * DAY),
    },
  });
  return {
    customers: shop.customers.length,
    orders: shop.orders.length,
    enquiries: shop.enquiries.length,
    reviews: shop.reviews.length,
  };
}
