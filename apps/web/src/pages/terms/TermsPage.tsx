import { ApiError } from '@wharf/client';
import { usePlatform } from '../../app/platform';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { useTermsVersionsQuery } from '../../features/terms/api/terms-versions';
import { TermsEditor } from '../../features/terms/ui/TermsEditor';
import { TermsVersions } from '../../features/terms/ui/TermsVersions';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

const TITLE = 'Terms and conditions';
const ADMINS_ONLY = "Only platform administrators can edit the platform's terms.";

/**
 * `/admin/terms` (route `platform.terms`): the platform's terms for platform administrators. Each
 * save is a new version that everyone is asked to accept; earlier versions stay as they were signed.
 */
export function TermsPage() {
  const user = useUser();
  const platform = usePlatform();
  const admin = Boolean(user?.isAdmin);
  const versions = useTermsVersionsQuery(platform.id, admin);

  if (!user) return null;
  const refused = versions.error instanceof ApiError && versions.error.status === 403;
  if (!admin || refused) {
    return <AdminsOnly title={TITLE}>{ADMINS_ONLY}</AdminsOnly>;
  }

  return (
    <>
      <SettingsHeader
        title={TITLE}
        description={`The terms everyone on ${platform.name} accepts. Each version is kept as it was signed.`}
      />
      <div className="grid gap-6">
        <TermsEditor platformId={platform.id} latest={versions.data?.[0]} />
        <SettingsSection title="Versions" description="Newest first. The newest is the one people are asked to accept.">
          {versions.isPending ? (
            <Loading label="Loading versions…" />
          ) : versions.isError ? (
            <LoadError
              title="The versions could not be loaded"
              message={formErrorsFrom(versions.error).message}
              onRetry={() => void versions.refetch()}
              retrying={versions.isFetching}
            />
          ) : (
            <TermsVersions versions={versions.data} />
          )}
        </SettingsSection>
      </div>
    </>
  );
}
