import { randomBytes, randomUUID } from 'node:crypto';
import { luhnValid, type PaymentOutcome } from '@wharf/contract';
import type { Clock } from '../../../core/clock.js';
import {
  brandOf,
  CardError,
  isExpired,
  type CardInput,
  type ChargeInput,
  type ChargeResult,
  type PaymentGateway,
  type StoredCard,
} from './gateway.js';

/**
 * The card networks' test numbers (as Stripe's test mode has them). Any other number that passes
 * the Luhn check succeeds. `declined` is refused when it is added, as a network declines a card's
 * setup; `declinesCharges` is stored and then declines every charge (Stripe's 4000 0000 0000 0341).
 */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  declinesCharges: '4000000000000341',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
} as const;

/** What the form shows when the card network declines the setup. */
export const SETUP_DECLINED_MESSAGE = 'This card was declined by its bank. Use another card.';

const behaviourByNumber: Record<string, PaymentOutcome> = {
  [SANDBOX_CARDS.declinesCharges]: 'declined',
  [SANDBOX_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_CARDS.expiredCard]: 'expired',
};

const REFERENCE = /^pm_sandbox_(succeeded|declined|insufficient_funds|expired)_[0-9a-f]{16}$/;

/**
 * The default gateway: no network, no account, deterministic. A card's behaviour travels in its
 * reference (`pm_sandbox_declined_…`), so nothing but brand, last four digits and expiry is kept
 * and the sandbox remembers no card. It counts the charges it really made (`chargeCount`) so that
 * tests can prove a retry did not charge twice.
 */
export class SandboxGateway implements PaymentGateway {
  readonly vendor = 'sandbox' as const;
  chargeCount = 0;
  private readonly answered = new Map<string, ChargeResult>();

  constructor(private readonly clock: Clock) {}

  async createSetup(input: { projectId: string }): Promise<{ secret: string }> {
    void input;
    return { secret: `seti_sandbox_${randomUUID().replaceAll('-', '')}_secret_${randomBytes(12).toString('hex')}` };
  }

  async addCard(card: CardInput): Promise<StoredCard> {
    if (!/^\d{12,19}$/.test(card.number)) throw new CardError('number', 'Enter a card number of 12 to 19 digits.');
    if (!luhnValid(card.number)) throw new CardError('number', 'This card number is not valid. Check the digits.');
    if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('cvc', 'Enter the 3 or 4 digit security code.');
    if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
      throw new CardError('expMonth', 'Use a month from 1 to 12.');
    }
    if (isExpired(card, this.clock.now()))
      throw new CardError('expYear', 'This card has expired. Check the expiry date.');
    // The network declines the setup: nothing is stored, so it can never become the default.
    if (card.number === SANDBOX_CARDS.declined) throw new CardError('number', SETUP_DECLINED_MESSAGE, 'CARD_DECLINED');
    const behaviour = behaviourByNumber[card.number] ?? 'succeeded';
    return {
      reference: `pm_sandbox_${behaviour}_${randomBytes(8).toString('hex')}`,
      brand: brandOf(card.number),
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const earlier = this.answered.get(input.idempotencyKey);
    if (earlier) return earlier;
    const behaviour = REFERENCE.exec(input.paymentMethod.reference)?.[1] as PaymentOutcome | undefined;
    if (!behaviour) throw new Error(`Not a sandbox card: ${input.paymentMethod.reference}`);
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('A charge needs an amount above zero');
    this.chargeCount++;
    const outcome = isExpired(input.paymentMethod, this.clock.now()) ? 'expired' : behaviour;
    const result: ChargeResult = { outcome, reference: `ch_sandbox_${randomBytes(12).toString('hex')}` };
    this.answered.set(input.idempotencyKey, result);
    return result;
  }
}
