import { Fragment } from 'react';
import { linkClasses } from '../../accounts/ui/AuthCard';
import { cx } from '../../../ui/cx';
import { linkify } from '../linkify';

/**
 * A mail's plain-text body, line breaks kept, its http(s) addresses as links (opened in a new tab,
 * so the outbox stays open). Only text nodes and <a> elements are made: never the mail's HTML.
 */
export function MailText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cx('text-sm/6 whitespace-pre-wrap [overflow-wrap:anywhere]', className)}>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cx(linkClasses, 'underline')}
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}
