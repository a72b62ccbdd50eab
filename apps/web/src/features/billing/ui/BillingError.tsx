import { ApiError } from '@wharf/client';
import { ErrorObject, errorCatalogue } from '../../../shell/ErrorObject';
import { DEFAULT_FORM_ERROR } from '../../forms/form-errors';

/**
 * What a failed billing call says, as SPEC.md section 8's error object: a known code in its own
 * words with its fix (COMPANY_NOT_FOUND: 'Company setup required.' and Fix → projects.settings),
 * a refusal in the server's words (402 CARD_DECLINED, 409 …), anything else the default words.
 */
export function billingErrorObject(error: unknown): { code: string; message: string; level: 'danger' } {
  if (error instanceof ApiError) {
    if (errorCatalogue[error.code]) return { code: error.code, message: error.message, level: 'danger' };
    if (error.status >= 400 && error.status < 500 && error.status !== 401)
      return { code: error.code, message: error.message, level: 'danger' };
  }
  return { code: 'UNKNOWN_ERROR', message: DEFAULT_FORM_ERROR, level: 'danger' };
}

export function BillingError({
  error,
  project,
  className,
  inline = false,
}: {
  error: unknown;
  project: string;
  className?: string;
  /** Inside another alert (a load error's box): the words and actions only, no role or box of its own. */
  inline?: boolean;
}) {
  if (inline)
    return <ErrorObject error={billingErrorObject(error)} project={project} variant="inline" className={className} />;
  return (
    <div role="alert" className={className}>
      <ErrorObject error={billingErrorObject(error)} project={project} />
    </div>
  );
}
