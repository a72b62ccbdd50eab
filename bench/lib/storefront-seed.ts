// The storefront bench's shop at volume (bench/storefront.ts): customers and orders written straight
// into PostgreSQL by a few `insert … select from generate_series` statements, deterministic (every
// draw is a hash of the row's number), so two runs seed the same shop.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/core/db/database.js';

/** Days the orders span, ending an hour before the seed ran (the intake's orders come after them). */
export const SPAN_DAYS = 730;

/**
 * Surnames, most frequent first (a surname of rank r is drawn as 1 + floor(n · u^1.5): the first,
 * 'smith', is about 3.5% of the customers, the last about 0.4%). None holds another's letters
 * where a search would confuse them ('smith' is in no other name).
 */
export const SURNAMES = `smith jones williams taylor brown davies evans wilson thomas johnson roberts robinson
  thompson wright walker white edwards hughes green hall lewis harris clarke patel jackson wood turner
  martin cooper hill ward morris moore clark lee king baker harrison morgan allen james scott phillips
  watson davis parker price bennett young griffiths mitchell kelly cook carter richardson bailey collins
  bell shaw murphy miller cox richards khan marshall anderson simpson ellis adams singh begum wilkinson
  foster chapman powell webb rogers gray mason hunt hussain campbell matthews owen palmer holmes mills
  barnes knight lloyd butler russell barker fisher stevens jenkins murray dixon harvey graham pearson
  ahmed fletcher walsh kaur gibson howard andrews stewart elliott reynolds saunders payne fox ford pearce
  brooks west lawrence cole atkinson bradley spencer gill dawson ball burton obrien watts rose booth
  perry ryan grant wells armstrong francis rees hayes hart hudson newman barrett gregory lucas garcia
  rossi muller schmidt novak kowalski nguyen tanaka silva dubois`
  .split(/\s+/)
  .filter(Boolean);

export const FIRST_NAMES = `oliver george harry jack noah leo arthur muhammad oscar charlie jacob henry william
  freddie alfie theo archie joshua olivia amelia isla ava mia ivy lily isabella rosie sophia grace freya
  willow florence emily ella poppy evie elsie charlotte sophie daniel samuel david joseph benjamin ethan
  adam max hannah chloe lucy ruby jessica megan laura sarah emma anna maria priya aisha fatima zara yusuf
  omar tom ben sam luke ryan liam dylan nathan aaron callum kieran rhys owen ewan finlay rory niamh
  siobhan ciara aoife eilidh morag fiona heather kirsty gemma kerry natalie rebecca rachel helen claire
  julie karen susan paul mark andrew stephen peter simon richard michael christopher matthew`
  .split(/\s+/)
  .filter(Boolean);

/** Mail domains, most used first (rank r drawn as 1 + floor(n · u^1.8): gmail.com about a quarter). */
export const DOMAINS = `gmail.com outlook.com hotmail.co.uk yahoo.co.uk icloud.com btinternet.com live.co.uk
  proton.me sky.com aol.com mail.com gmx.co.uk virginmedia.com talktalk.net me.com yahoo.com hotmail.com
  fastmail.com zoho.com tutanota.com`
  .split(/\s+/)
  .filter(Boolean);

const CITIES = `London Manchester Birmingham Leeds Glasgow Edinburgh Bristol Liverpool Sheffield Cardiff
  Belfast Leicester Nottingham Newcastle Brighton Southampton Plymouth Reading Norwich York Bath Exeter
  Oxford Cambridge Aberdeen Dundee Swansea Derby Coventry Hull`
  .split(/\s+/)
  .filter(Boolean);

const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Park Avenue',
  'Mill Lane',
  'Kings Road',
  'Queens Road',
  'New Street',
  'Grange Road',
];

export interface SeedOptions {
  projectId: string;
  orders: number;
  customers: number;
  /** Added to every row's number before it is hashed: another project draws other names. */
  salt: number;
}

export interface Seeded {
  orders: number;
  customers: number;
  /** Seconds of the inserts, and with the VACUUM ANALYZE after. */
  insertSeconds: number;
  /** The latest order's placement time (the list's windows are set against it). */
  newestPlacedAt: Date;
  oldestPlacedAt: Date;
}

const textArray = (words: readonly string[]) => `{${words.join(',')}}`;

/** A uniform draw in [0, 1) from the row number `n` and the draw's own number `k`. */
const u = (n: ReturnType<typeof sql>, k: number) =>
  sql`((hashint8extended((${n})::int8, ${k}::int8) & 2147483647)::float8 / 2147483648.0)`;

/** Rows of a drizzle `execute`, whichever driver answered (node-postgres gives `{ rows }`). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const answered = (await result) as { rows?: T[] } | T[];
  return Array.isArray(answered) ? answered : (answered.rows ?? []);
}

/**
 * One project's shop: `customers` customers and `orders` orders over SPAN_DAYS days, on a database
 * handle of ONE connection (the temporary tables live in its session).
 *
 * Orders come in evenly over the span, numbered 1001… in time order, as the intake numbers them.
 * Every (orders / customers)-th order is a new customer's first (so customers arrive evenly over the
 * two years); the others are a returning customer's, drawn among the customers there by then with a
 * lean to the oldest (k = 1 + floor(known · u^1.3)): a long tail of loyal customers with dozens of orders.
 * Statuses: 2% `new` (two thirds of them with a failed payment), 3% `refunded`, the rest paid within
 * 20 minutes and, unless placed in the last few days, `complete` and fulfilled 6 hours to 4 days
 * later; the recent ones `paid` or `processing`. Totals from 1 to 4 items of £7.99 to £96.99, 20% tax,
 * £3.95 shipping under £50, a tenth with 10% off.
 *
 * The customers are inserted with their figures (count of orders, sum of the paid orders' totals, first
 * and last purchase) computed from the orders in SQL — consistent, as the intake keeps them.
 */
async function seedShop(db: Database, options: SeedOptions): Promise<Seeded> {
  const { projectId, orders: n, customers: c, salt } = options;
  if (c > n) throw new Error('seedShop: every customer needs an order, so at most as many customers as orders');
  const started = performance.now();
  let lap = started;
  const step = (what: string) => {
    if (process.env.BENCH_SEED_STEPS) console.log(`    ${what}: ${((performance.now() - lap) / 1000).toFixed(1)} s`);
    lap = performance.now();
  };
  await db.execute(sql`set work_mem = '256MB'`);
  await db.execute(sql`set maintenance_work_mem = '512MB'`);
  await db.execute(sql`drop table if exists seed_customers, seed_orders`);

  const k = sql`k`;
  const gk = sql`k + ${salt}::int8`;
  const first = sql`(${textArray(FIRST_NAMES)}::text[])[1 + floor(${FIRST_NAMES.length} * power(${u(gk, 1)}, 1.2))::int]`;
  const last = sql`(${textArray(SURNAMES)}::text[])[1 + floor(${SURNAMES.length} * power(${u(gk, 2)}, 1.5))::int]`;
  const domain = sql`(${textArray(DOMAINS)}::text[])[1 + floor(${DOMAINS.length} * power(${u(gk, 3)}, 1.8))::int]`;
  const city = sql`(${textArray(CITIES)}::text[])[1 + floor(${CITIES.length} * ${u(gk, 4)})::int]`;
  const street = sql`(${textArray(STREETS)}::text[])[1 + floor(${STREETS.length} * ${u(gk, 5)})::int]`;
  await db.execute(sql`
    create temporary table seed_customers as
    select k, md5(${projectId}::text || ':' || k)::uuid as id, f, l,
      initcap(f) || ' ' || initcap(l) as name,
      f || '.' || l || k || '@' || d as email,
      case when ${u(gk, 6)} < 0.7 then '+44 7700 ' || lpad(((${gk}) % 1000000)::text, 6, '0') end as phone,
      jsonb_build_object('name', initcap(f) || ' ' || initcap(l),
        'line1', (1 + (${gk}) % 180)::text || ' ' || st, 'city', ci,
        'postalCode', upper(substr(ci, 1, 2)) || (1 + (${gk}) % 30)::text || ' ' || (1 + (${gk}) % 9)::text || 'AB',
        'country', 'GB') as address
    from (select ${k} as k, ${first} as f, ${last} as l, ${domain} as d, ${city} as ci, ${street} as st
          from generate_series(1, ${c}::int) as k) as drawn`);
  step('customers drawn');

  // The order's number i, its time, its customer k and its figures.
  const gi = sql`i + ${salt}::int8`;
  const known = sql`(floor((i - 1)::float8 * ${c} / ${n})::int + 1)`;
  const knownBefore = sql`(floor((i - 2)::float8 * ${c} / ${n})::int + 1)`;
  const [anchor] = await rowsOf<{ at: Date }>(
    db.execute(sql`select date_trunc('second', now()) - interval '1 hour' as at`),
  );
  const end = new Date(anchor!.at).toISOString();
  const stepSeconds = (SPAN_DAYS * 86_400) / n;
  await db.execute(sql`
    create temporary table seed_orders as
    select i, k, placed_at, status, payment_failed, currency, subtotal, shipping, tax, discount,
      subtotal + shipping + tax - discount as total, item_count,
      paid_at, fulfilled_at
    from (
      select i, k, placed_at, item_count, subtotal,
        case when subtotal >= 5000 then 0 else 395 end as shipping,
        subtotal / 5 as tax,
        case when ${u(gi, 14)} < 0.1 then subtotal / 10 else 0 end as discount,
        'GBP' as currency,
        case when s < 0.02 then 'new' when s < 0.05 then 'refunded'
             when placed_at + pay + fulfil < ${end}::timestamptz then 'complete'
             when ${u(gi, 18)} < 0.5 then 'processing' else 'paid' end as status,
        s < 0.013 as payment_failed,
        case when s >= 0.02 then placed_at + pay end as paid_at,
        case when s >= 0.05 and placed_at + pay + fulfil < ${end}::timestamptz then placed_at + pay + fulfil end as fulfilled_at
      from (
        select i,
          case when i = 1 or ${knownBefore} < ${known} then ${known}
               else least(${known}, 1 + floor(${known} * power(${u(gi, 11)}, 1.3))::int) end as k,
          ${end}::timestamptz - make_interval(days => ${SPAN_DAYS})
            + make_interval(secs => ((i - 1) + ${u(gi, 10)}) * ${stepSeconds}::float8) as placed_at,
          item_count,
          item_count * (799 + 100 * floor(90 * power(${u(gi, 13)}, 1.7)))::int8 as subtotal,
          ${u(gi, 15)} as s,
          make_interval(secs => 30 + floor(1200 * ${u(gi, 16)})) as pay,
          make_interval(secs => 21600 + floor(345600 * ${u(gi, 17)})) as fulfil
        from (select i, 1 + floor(4 * power(${u(sql`i + ${salt}::int8`, 12)}, 2))::int as item_count
              from generate_series(1, ${n}::int) as i) as series
      ) as drawn
    ) as figured`);
  step('orders drawn');

  await db.execute(sql`
    insert into storefront_customers (id, project_id, email, name, phone, order_count, lifetime_value,
      first_purchased_at, last_purchased_at, last_shipping_address, created_at, updated_at)
    select sc.id, ${projectId}::uuid, sc.email, sc.name, sc.phone, a.n, a.v, a.f, a.l, sc.address, a.f, a.u
    from seed_customers sc
    join (select k, count(*)::int as n, coalesce(sum(total) filter (where paid_at is not null), 0) as v,
            min(placed_at) as f, max(placed_at) as l,
            max(coalesce(fulfilled_at, paid_at, placed_at)) as u
          from seed_orders group by k) as a using (k)`);
  step('customers inserted');

  await db.execute(sql`
    insert into storefront_orders (project_id, number, source, status, customer_id, customer_email,
      customer_name, currency, subtotal, shipping, tax, discount, total, item_count, shipping_address,
      billing_address, payment_failed, placed_at, paid_at, fulfilled_at, updated_at)
    select ${projectId}::uuid, 1000 + o.i, 'storefront', o.status, sc.id, sc.email, sc.name, o.currency,
      o.subtotal, o.shipping, o.tax, o.discount, o.total, o.item_count, sc.address, sc.address,
      o.payment_failed, o.placed_at, o.paid_at, o.fulfilled_at, coalesce(o.fulfilled_at, o.paid_at, o.placed_at)
    from seed_orders o join seed_customers sc using (k)
    order by o.i`);
  step('orders inserted');

  // The shop's row: its currency (the customer list shows it) and the intake's next number.
  await db.execute(sql`
    insert into storefront_shops (project_id, currency, next_number) values (${projectId}::uuid, 'GBP', ${1001 + n})
    on conflict (project_id) do update set next_number = excluded.next_number`);
  const [range] = await rowsOf<{ newest: Date; oldest: Date; customers: string }>(
    db.execute(sql`select max(placed_at) as newest, min(placed_at) as oldest,
      (select count(*) from seed_customers) as customers from seed_orders`),
  );
  await db.execute(sql`drop table seed_customers, seed_orders`);
  const insertSeconds = (performance.now() - started) / 1000;
  return {
    orders: n,
    customers: Number(range!.customers),
    insertSeconds,
    newestPlacedAt: new Date(range!.newest),
    oldestPlacedAt: new Date(range!.oldest),
  };
}

/** The secondary indexes of the tables seeded (all but their primary keys), as their definitions. */
async function secondaryIndexes(db: Database) {
  return rowsOf<{ name: string; definition: string }>(
    db.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ('storefront_orders', 'storefront_customers')
        and not exists (select 1 from pg_constraint k where k.conname = i.indexname and k.contype = 'p')
      order by i.indexname`),
  );
}

export interface SeedRun {
  shops: Seeded[];
  /** Seconds the rows took, and the indexes rebuilt after them. */
  insertSeconds: number;
  indexSeconds: number;
}

/**
 * Seeds each shop in turn, as a bulk load does: the orders' and customers' secondary indexes (the
 * trigram ones above all, which cost more per row than the row) are dropped first and made again
 * from their own definitions (pg_indexes, so whatever the migrations made) once every row is in.
 * The tables must hold no other rows. On a handle of ONE connection.
 */
export async function seedShops(db: Database, shops: readonly SeedOptions[]): Promise<SeedRun> {
  const started = performance.now();
  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index ${quoteIdent(index.name)}`));
  // The foreign keys' triggers off for the load (superuser only): each order's customer and project
  // exist by construction, and a million trigger calls would double the load's time.
  await db.execute(sql`set session_replication_role = replica`);
  const seeded: Seeded[] = [];
  try {
    for (const shop of shops) seeded.push(await seedShop(db, shop));
  } finally {
    await db.execute(sql`set session_replication_role = default`);
  }
  const inserted = performance.now();
  for (const index of indexes) {
    const lap = performance.now();
    await db.execute(sql.raw(index.definition));
    if (process.env.BENCH_SEED_STEPS)
      console.log(`    ${index.name}: ${((performance.now() - lap) / 1000).toFixed(1)} s`);
  }
  return {
    shops: seeded,
    insertSeconds: (inserted - started) / 1000,
    indexSeconds: (performance.now() - inserted) / 1000,
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** VACUUM ANALYZE of the tables the bench reads (a live shop's autovacuum would have done it). */
export async function vacuumAnalyze(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`vacuum analyze storefront_customers`);
  await db.execute(sql`vacuum analyze storefront_orders`);
  await db.execute(sql`vacuum analyze storefront_shops`);
  return (performance.now() - started) / 1000;
}

/** The seeded shop's shape, to print beside the figures: how common the searched words are, etc. */
export async function describeShop(db: Database, projectId: string, words: readonly string[]) {
  const [totals] = await rowsOf<{ orders: string; customers: string; loyal: string; statuses: Record<string, number> }>(
    db.execute(sql`select
      (select count(*) from storefront_orders where project_id = ${projectId}::uuid) as orders,
      (select count(*) from storefront_customers where project_id = ${projectId}::uuid) as customers,
      (select count(*) from storefront_customers where project_id = ${projectId}::uuid
         and order_count >= 5 and lifetime_value >= 20000) as loyal,
      (select jsonb_object_agg(status, n) from (select status, count(*) as n from storefront_orders
         where project_id = ${projectId}::uuid group by status) s) as statuses`),
  );
  const shares: Record<string, number> = {};
  for (const word of words) {
    const [row] = await rowsOf<{ n: string }>(
      db.execute(sql`select count(*) as n from storefront_orders
        where project_id = ${projectId}::uuid and search like ${`%${word}%`}`),
    );
    shares[word] = Number(row!.n);
  }
  return {
    orders: Number(totals!.orders),
    customers: Number(totals!.customers),
    loyalCustomers: Number(totals!.loyal),
    statuses: totals!.statuses,
    ordersMatching: shares,
  };
}
