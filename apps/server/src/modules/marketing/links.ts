import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SharedParts } from '../../core/modules.js';
import { badRequest } from '../../core/errors.js';

/*
 * A subscriber's own links from a mail (decision 038): confirm, unsubscribe — and later a campaign's
 * tracked opens and clicks. The signed token is the whole of the holder's authority, so it carries
 * what the link may do and to whom, and nothing a reader could use elsewhere (no address, no name).
 *
 * Layout, in bytes, base64url without padding (about 90 characters in a URL):
 *   purpose (1) · flags (1) · subscriber id (16) · project id (16) · [campaign id (16)] · HMAC (16)
 * The HMAC-SHA256 of everything before it, cut to 128 bits, under the `marketing-links` secret every
 * process shares. Tokens do not expire: RFC 8058 wants an unsubscribe link of an old mail to work.
 */

/**
 * What a link may do. Codes are positions in this list (plus one), written into every token sent:
 * add new purposes at the end, never reorder or remove one.
 */
export const LINK_PURPOSES = ['confirm', 'unsubscribe', 'open', 'click'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface LinkClaims {
  subscriberId: string;
  projectId: string;
  purpose: LinkPurpose;
  /** The campaign whose mail carried the link: its unsubscribes, opens and clicks count there. */
  campaignId?: string;
}

const MAC_BYTES = 16;
const UUID_BYTES = 16;
const HAS_CAMPAIGN = 0b1;
const base64url = /^[A-Za-z0-9_-]+$/;

export const invalidToken = () =>
  badRequest('This link is not valid: it may have been cut short. Open it again from the mail.', 'INVALID_TOKEN');

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `bound`: a value the link carries beside the token (a tracked link's destination) that the MAC
 * covers too, so the token is good for that value alone: nobody can point a tracked link elsewhere.
 */
const mac = (key: Buffer, body: Buffer, bound?: string) => {
  const hmac = createHmac('sha256', key).update(body);
  if (bound !== undefined) hmac.update(createHash('sha256').update(bound).digest());
  return hmac.digest().subarray(0, MAC_BYTES);
};

/** Signs a link's claims into a compact token (bound to `bound` when given: see `mac`). */
export function signLinkToken(key: Buffer, claims: LinkClaims, bound?: string): string {
  const parts = [
    Buffer.from([LINK_PURPOSES.indexOf(claims.purpose) + 1, claims.campaignId ? HAS_CAMPAIGN : 0]),
    uuidBytes(claims.subscriberId),
    uuidBytes(claims.projectId),
    ...(claims.campaignId ? [uuidBytes(claims.campaignId)] : []),
  ];
  const body = Buffer.concat(parts);
  return Buffer.concat([body, mac(key, body, bound)]).toString('base64url');
}

/**
 * The claims of a token signed here for `purpose`; anything else — garbled, cut, forged, or a
 * token of another purpose (a confirmation link is no unsubscribe) — is 400 INVALID_TOKEN.
 */
export function verifyLinkToken(key: Buffer, token: string, purpose: LinkPurpose, bound?: string): LinkClaims {
  if (!base64url.test(token)) throw invalidToken();
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling the server writes: base64url's spare bits would let a changed token pass.
  if (bytes.toString('base64url') !== token) throw invalidToken();
  const shortest = 2 + 2 * UUID_BYTES + MAC_BYTES;
  if (bytes.length < shortest) throw invalidToken();
  const [code, flags] = [bytes[0]!, bytes[1]!];
  const withCampaign = (flags & HAS_CAMPAIGN) !== 0;
  if (flags & ~HAS_CAMPAIGN || bytes.length !== shortest + (withCampaign ? UUID_BYTES : 0)) throw invalidToken();
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(body.length), mac(key, body, bound))) throw invalidToken();
  if (LINK_PURPOSES[code - 1] !== purpose) throw invalidToken();
  const at = (i: number) => uuidOf(body.subarray(2 + i * UUID_BYTES, 2 + (i + 1) * UUID_BYTES));
  return {
    purpose,
    subscriberId: at(0),
    projectId: at(1),
    ...(withCampaign ? { campaignId: at(2) } : {}),
  };
}

/** The signed links of the module's mails, under the platform's public address. */
export interface SubscriptionLinks {
  sign(claims: LinkClaims, bound?: string): string;
  verify(token: string, purpose: LinkPurpose, bound?: string): LinkClaims;
  /** The page the confirmation mail links to; it posts the token to confirmSubscription. */
  confirmUrl(claims: Omit<LinkClaims, 'purpose'>): string;
  /** The visible unsubscribe link of a mail: the console's page, which asks and then posts. */
  unsubscribeUrl(claims: Omit<LinkClaims, 'purpose'>): string;
  /** The `List-Unsubscribe` address (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to it. */
  oneClickUnsubscribeUrl(claims: Omit<LinkClaims, 'purpose'>): string;
  /** A campaign mail's open pixel (trackOpen). */
  openPixelUrl(claims: Omit<LinkClaims, 'purpose'>): string;
  /** A body link through trackClick: the token is bound to `url`, which rides beside it. */
  clickUrl(claims: Omit<LinkClaims, 'purpose'>, url: string): string;
}

/** The links service of the module, keyed by the `marketing-links` secret. */
export async function subscriptionLinks(shared: Pick<SharedParts, 'config' | 'secret'>): Promise<SubscriptionLinks> {
  const key = Buffer.from(await shared.secret('marketing-links'));
  const base = shared.config.PUBLIC_URL.replace(/\/+$/, '');
  const sign = (claims: LinkClaims, bound?: string) => signLinkToken(key, claims, bound);
  const link = (path: string, token: string) => `${base}${path}?token=${token}`;
  return {
    sign,
    verify: (token, purpose, bound) => verifyLinkToken(key, token, purpose, bound),
    confirmUrl: (claims) => link('/mail/confirm', sign({ ...claims, purpose: 'confirm' })),
    unsubscribeUrl: (claims) => link('/mail/unsubscribe', sign({ ...claims, purpose: 'unsubscribe' })),
    oneClickUnsubscribeUrl: (claims) =>
      link('/v1/mail/subscriptions/unsubscribe', sign({ ...claims, purpose: 'unsubscribe' })),
    openPixelUrl: (claims) => link('/v1/mail/track/open', sign({ ...claims, purpose: 'open' })),
    clickUrl: (claims, url) =>
      `${link('/v1/mail/track/click', sign({ ...claims, purpose: 'click' }, url))}&url=${encodeURIComponent(url)}`,
  };
}
