import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { pathOf } from '../../../app/navigation';
import { PlatformLogo } from '../../../shell/PlatformLogo';

/** The frame of the signed-out pages: the platform's logo (home), a titled card, and links under it. */
export function AuthCard({
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <div className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
      <Link to={pathOf('home')} className="mx-auto block w-fit rounded-md">
        <PlatformLogo />
      </Link>
      <section
        aria-labelledby={titleId}
        className="mt-6 rounded-2xl border border-border bg-surface p-5 shadow-sm xs:p-6 sm:mt-8 sm:p-8"
      >
        <h1 id={titleId} className="text-2xl font-semibold tracking-tight text-balance">
          {title}
        </h1>
        {description && <div className="mt-2 text-sm/6 text-muted">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </section>
      {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}

/** A text link in the console's colours. */
export const linkClasses = 'font-medium text-primary underline-offset-4 hover:underline rounded-sm';
