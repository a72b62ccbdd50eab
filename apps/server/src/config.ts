import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Resolver } from 'node:dns/promises';
import { parseAllowList } from './core/http/outbound.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server, whether running from src (tsx, tests) or dist (production). */
export const serverRoot = path.resolve(here, '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Whether node's resolver takes these servers (it refuses host names and malformed ports). */
function validDnsServers(servers: string[]): boolean {
  if (servers.length === 0) return false;
  try {
    new Resolver().setServers(servers);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every environment variable the server reads, parsed and documented in one place.
 * The README's configuration table mirrors this schema; a test keeps the two in step.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0').describe('Interface to listen on'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('Port to listen on'),
    PUBLIC_URL: z
      .url()
      .optional()
      .describe(
        'Address people use to reach the console; used in links the server prints or mails. Defaults to where the server listens: http://localhost:PORT',
      ),
    DATABASE_URL: z
      .string()
      .optional()
      .describe('PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used'),
    REDIS_URL: z
      .string()
      .optional()
      .describe(
        'Redis connection string (redis://host:6379); shares the permission cache and its invalidation between server processes. Without it the cache is per process',
      ),
    REDIS_KEY_PREFIX: z
      .string()
      .min(1)
      .default('wharf:')
      .describe('Prefix of every Redis key, so deployments can share one Redis'),
    DATA_DIR: z.string().default('./data').describe('Where the embedded database and local files live'),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'Give the address with its scheme: http://host:port or https://host' })
      .optional()
      .describe(
        "Address of an S3-compatible object store (https://s3.eu-west-1.amazonaws.com, http://minio:9000) for the drive's files; needs S3_BUCKET and the keys. Without it files live in DATA_DIR/files",
      ),
    S3_BUCKET: z.string().min(1).optional().describe('Bucket of the object store, with S3_ENDPOINT'),
    S3_REGION: z.string().min(1).default('us-east-1').describe('Region of the object store, with S3_ENDPOINT'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('Access key id of the object store, with S3_ENDPOINT'),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .min(1)
      .optional()
      .describe('Secret access key of the object store, with S3_ENDPOINT'),
    S3_FORCE_PATH_STYLE: booleanFlag
      .default(true)
      .describe(
        'Address buckets as http://host/bucket (what MinIO, Garage and most self-hosted servers want); false for http://bucket.host',
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CORS_ORIGINS: commaList
      .default([])
      .describe('Comma-separated origins allowed to call the API from a browser; same-origin always works'),
    BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576).describe('Largest request body, in bytes'),
    TRUST_PROXY: booleanFlag.default(false).describe('Trust X-Forwarded-* headers (set when behind a load balancer)'),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe('How long shutdown waits for requests in flight'),
    PLATFORM_NAME: z.string().min(1).default('Wharf').describe('Name of the default platform created on first start'),
    ADMIN_EMAIL: z
      .email()
      .default('admin@wharf.local')
      .describe('Email of the first platform admin created on first start'),
    SMTP_URL: z
      .string()
      .optional()
      .describe('SMTP server for outgoing mail (smtp://user:pass@host:587); without it mail stays in the outbox'),
    MAIL_FROM: z.string().default('Wharf <no-reply@wharf.local>').describe('Sender of outgoing mail'),
    RECAPTCHA_SITE_KEY: z
      .string()
      .optional()
      .describe('reCAPTCHA site key; with the secret key, replaces the built-in proof of work'),
    RECAPTCHA_SECRET_KEY: z.string().optional().describe('reCAPTCHA secret key'),
    CAPTCHA_MAX_NUMBER: z.coerce
      .number()
      .int()
      .min(10)
      .default(100_000)
      .describe('Difficulty of the built-in proof-of-work captcha (the largest number a browser may have to try)'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(3600)
      .default(300)
      .describe('Lifetime of the bearer tokens (JWT) of the service API'),
    PERMISSION_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(10_000)
      .describe(
        'How long a permission decision is cached per project, user and permission (SPEC: 10 s; 0 turns it off)',
      ),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14).describe('How long a console session lasts'),
    JOB_POLL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(1000)
      .describe('How often this process looks for due background jobs (pushes...); 0 leaves them to other processes'),
    TEST_CLOCK: booleanFlag
      .default(false)
      .describe(
        "End-to-end tests only: the server's clock can be moved forward by a platform admin (POST /v1/billing/admin/test-clock), like Stripe's test clocks",
      ),
    OUTBOUND_ALLOW_HOSTS: commaList
      .default([])
      .refine(
        (entries) => {
          try {
            parseAllowList(entries);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'Give host names, IP addresses or CIDR ranges (10.0.0.0/8, ::1), separated by commas' },
      )
      .describe(
        'Comma-separated host names, addresses or CIDR ranges the server may call although they are not public (self-hosted module peers, a local push service). Empty: only public addresses; cloud-metadata addresses never',
      ),
    DNS_SERVERS: commaList
      .optional()
      .refine((servers) => servers === undefined || validDnsServers(servers), {
        message:
          'Give DNS servers as IP addresses with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53), separated by commas',
      })
      .describe(
        "Comma-separated DNS servers (IP[:port]) that check custom domains' TXT records. Unset: the system's resolvers",
      ),
    PUSH_ALLOW_HTTP: booleanFlag
      .default(false)
      .describe('Accept plain-http push endpoints (local test receivers); real push services are https'),
    PAYMENT_GATEWAY: z
      .enum(['sandbox', 'stripe'])
      .default('sandbox')
      .describe(
        'Who takes card payments: sandbox (no network, test card numbers) or stripe (needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY)',
      ),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'A Stripe secret key starts with sk_test_, sk_live_ or rk_…')
      .optional()
      .describe('Stripe secret (or restricted) key of the server, with PAYMENT_GATEWAY=stripe'),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'A Stripe publishable key starts with pk_test_ or pk_live_')
      .optional()
      .describe("Stripe publishable key the console's card form loads Stripe.js with, with PAYMENT_GATEWAY=stripe"),
    STRIPE_CONNECT_CLIENT_ID: z
      .string()
      .regex(/^ca_\w+$/, 'A Stripe Connect client id starts with ca_')
      .optional()
      .describe(
        "Stripe Connect client id (ca_…) that links shops' own Stripe accounts as their payment account, with PAYMENT_GATEWAY=stripe",
      ),
    WEB_DIST_DIR: z
      .string()
      .default(path.resolve(serverRoot, '../web/dist'))
      .describe('Folder of the built web app the server serves'),
  })
  // Stripe mode without both keys would start and then fail on the first card; refuse to start instead.
  .refine((c) => c.PAYMENT_GATEWAY !== 'stripe' || (c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY), {
    message: 'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    path: ['PAYMENT_GATEWAY'],
  })
  // An object store without its bucket or keys would start and then fail on the first upload.
  .superRefine((c, context) => {
    if (!c.S3_ENDPOINT) return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!c[name]) context.addIssue({ code: 'custom', message: `S3_ENDPOINT needs ${name}`, path: [name] });
    }
  });

/** The parsed environment, with PUBLIC_URL always known (derived from HOST and PORT when not given). */
export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/**
 * Where the server can be reached when nobody said otherwise: the address it listens on. A wildcard
 * interface (0.0.0.0, ::) is reached as localhost; an IPv6 literal is bracketed.
 */
export function listeningUrl(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parse the environment; a bad value stops the server with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const { PUBLIC_URL, ...rest } = result.data;
  return { ...rest, PUBLIC_URL: PUBLIC_URL ?? listeningUrl(rest.HOST, rest.PORT) };
}
