import type { CardBrand, PaymentOutcome, PaymentVendor } from '@wharf/contract';

/**
 * What billing needs of a payment gateway. Two implementations are planned: the sandbox (the
 * default, here) and Stripe (a later step: setup intents for `createSetup`, payment intents with
 * the idempotency key for `charge`; card numbers then never reach our server and `addCard` is not
 * offered). Gateways keep no state of ours: what we keep of a card is its `StoredCard`.
 */
export interface PaymentGateway {
  readonly vendor: PaymentVendor;
  /** The public key the browser's card form loads the gateway's script with, when it has one. */
  readonly publishableKey?: string;
  /** A secret for the browser to add a card with the gateway's own form. Throws when the gateway fails. */
  createSetup(input: { projectId: string }): Promise<{ secret: string }>;
  /** Sandbox mode only: the card as typed, checked and reduced to what may be kept. Throws `CardError`. */
  addCard?(card: CardInput): Promise<StoredCard>;
  /**
   * Charges a stored card. The same idempotency key always gives the first answer and charges at
   * most once (a retry after a crash must not charge twice). Throws only when the gateway cannot be
   * reached; refusals are outcomes.
   */
  charge(input: ChargeInput): Promise<ChargeResult>;
}

export interface CardInput {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

/** All we keep of a card: never its number or security code. */
export interface StoredCard {
  /** The gateway's handle on the card, to charge it later. */
  reference: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeInput {
  /** Minor units, above zero. */
  amount: number;
  currency: string;
  paymentMethod: { reference: string; expMonth: number; expYear: number };
  idempotencyKey: string;
}

export interface ChargeResult {
  outcome: PaymentOutcome;
  /** The gateway's reference of the charge (succeeded or not), null when it made none. */
  reference: string | null;
}

/** A card the gateway will not take, with the request field to blame and words for the person typing it. */
export class CardError extends Error {
  override readonly name = 'CardError';
  constructor(
    readonly field: 'number' | 'expMonth' | 'expYear' | 'cvc',
    message: string,
    /** CARD_INVALID for what the card's details get wrong; CARD_DECLINED when the network refuses a good card. */
    readonly code: 'CARD_INVALID' | 'CARD_DECLINED' = 'CARD_INVALID',
  ) {
    super(message);
  }
}

/** A card is good through the last moment of its expiry month (UTC). */
export function expiresAt(card: { expMonth: number; expYear: number }): Date {
  return new Date(Date.UTC(card.expYear, card.expMonth, 1));
}

export function isExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return now.getTime() >= expiresAt(card).getTime();
}

/** The card network by the number's first digits (the issuer identification number). */
export function brandOf(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return 'unknown';
}
