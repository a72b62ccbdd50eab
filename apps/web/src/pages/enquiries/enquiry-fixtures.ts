import type { Enquiry, EnquiryLog, EnquirySummary } from '@wharf/contract';
import { customerId, OWNER } from '../../features/storefront/storefront-fixtures';

/** A shop owner who may also read and answer enquiries. */
export const ENQUIRY_MANAGER = [...OWNER, 'enquiries.read', 'enquiries.manage'];

export const enquiryId = (n: number) => `e2a00000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 10, day, hour, 0, 0)).toISOString();

/** Enquiry `n`, from Buyer 1 (a customer) unless told otherwise, open and unread. */
export function enquiryFixture(n: number, fields: Partial<Enquiry> = {}): Enquiry {
  return {
    id: enquiryId(n),
    email: `buyer${n}@example.com`,
    name: `Sender ${n}`,
    subject: `Question ${n}`,
    message: `Hello,\n\nwhere is parcel ${n}?\n\nThanks`,
    status: 'open',
    read: false,
    replied: false,
    customerId: null,
    customer: null,
    receivedAt: at(n),
    readAt: null,
    repliedAt: null,
    closedAt: null,
    updatedAt: at(n),
    ...fields,
  };
}

/** Enquiry `n` linked to the shop's customer 1. */
export function fromCustomer(n: number, fields: Partial<Enquiry> = {}): Enquiry {
  const customer = { id: customerId(1), name: 'Buyer 1', email: 'buyer1@example.com' };
  return enquiryFixture(n, { customer, customerId: customer.id, name: 'Buyer 1', email: customer.email, ...fields });
}

/** The enquiry as the inbox lists it. */
export function summaryOfEnquiry(enquiry: Enquiry): EnquirySummary {
  const { message, customer: _c, readAt: _r, repliedAt: _p, closedAt: _d, updatedAt: _u, ...summary } = enquiry;
  return { ...summary, excerpt: message.replace(/\s+/g, ' ') };
}

export function logFixture(n: number, kind: EnquiryLog['kind'], fields: Partial<EnquiryLog> = {}): EnquiryLog {
  return {
    id: `10900000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: at(n),
    kind,
    message: null,
    actor: kind === 'received' ? 'The storefront' : 'Olivia Owner',
    ...fields,
  };
}
