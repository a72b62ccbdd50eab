import { TRACKED_URL_MAX, type DraftContent } from '@wharf/contract';
import type { MailMessage } from '../../mail/service.js';
import type { LinkClaims, SubscriptionLinks } from '../links.js';
import { compileMail, subscriberVars, type MailContext } from '../render/compile.js';

/** What a marketing mail needs of its subscriber. */
export interface Recipient {
  id: string;
  email: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
}

/** Where a mail comes from: its project, and the campaign whose figures its opens, clicks and unsubscribes count in. */
export interface MailOrigin {
  projectId: string;
  campaignId?: string;
  /** Rewrite body links through trackClick and add the open pixel (a campaign's mails). */
  track: boolean;
}

/** One mail per subscriber, from a draft compiled once. */
export type ComposeMail = (recipient: Recipient) => MailMessage;

/**
 * Every marketing mail — a campaign's, a flow's — is made here, so each carries what the law and the
 * mailbox providers ask (decision 038): the sender's name, a visible unsubscribe link in the footer,
 * and the one-click `List-Unsubscribe` headers of RFC 8058. Compiling throws the draft's
 * TemplateError; composing only fills merge tags and signs links (microseconds a mail).
 */
export function mailComposer(
  content: DraftContent,
  context: MailContext,
  links: SubscriptionLinks,
  origin: MailOrigin,
): ComposeMail {
  const compiled = compileMail(content, context);
  return (recipient) => {
    const claims: Omit<LinkClaims, 'purpose'> = {
      subscriberId: recipient.id,
      projectId: origin.projectId,
      ...(origin.campaignId ? { campaignId: origin.campaignId } : {}),
    };
    const rendered = compiled.render(
      { subscriber: subscriberVars(recipient), unsubscribe_url: links.unsubscribeUrl(claims) },
      origin.track
        ? {
            // A mail address is not a page, and an address longer than trackClick takes would break:
            // both are left as they are.
            link: (url) => (/^https?:/i.test(url) && url.length <= TRACKED_URL_MAX ? links.clickUrl(claims, url) : url),
            openPixelUrl: links.openPixelUrl(claims),
          }
        : {},
    );
    return {
      to: recipient.email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      fromName: context.senderName,
      headers: {
        'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl(claims)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  };
}
