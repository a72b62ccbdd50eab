import type { DriveProjectAdmin } from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useRef, useState } from 'react';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { useAdminDriveProjects } from '../../features/drive/api/admin-drive-projects';
import { errorMessage } from '../../features/forms/form-errors';
import { pagedItems } from '../../features/lists/paged-list';
import { EmptyState, LoadError, LoadMore } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { AllDrivesMetrics } from './DriveMetrics';
import { ProjectDrivePanel } from './ProjectDrivePanel';
import { ProjectsTable } from './ProjectsTable';

const TITLE = 'Drive admin';
const ADMINS_ONLY = "Only platform administrators can manage the projects' drives.";

/**
 * `/admin/drive` (route `platform.drive`): every project's drive for platform administrators: how
 * much each holds against its quota, its setup (quota and storage class) to change or reset, and the
 * drives' days (what they held, served, took in and rendered), all together and per project.
 */
export function DriveAdminPage() {
  const user = useUser();
  const admin = Boolean(user?.isAdmin);
  const drives = useAdminDriveProjects(admin);
  if (!user) return null;
  const refused = drives.error instanceof ApiError && drives.error.status === 403;
  if (!admin || refused) return <AdminsOnly title={TITLE}>{ADMINS_ONLY}</AdminsOnly>;
  return (
    <>
      <SettingsHeader
        title={TITLE}
        description="Every project's drive: what it holds against its quota, its storage class, and what it does day by day."
      />
      <div className="grid gap-6">
        <SettingsSection title="All drives" description="Every drive together, by UTC day.">
          <AllDrivesMetrics />
        </SettingsSection>
        <Drives drives={drives} />
      </div>
    </>
  );
}

type DrivesQuery = ReturnType<typeof useAdminDriveProjects>;

function Drives({ drives }: { drives: DrivesQuery }) {
  const [open, setOpen] = useState<{ drive: DriveProjectAdmin; updatedAt: number } | null>(null);
  // The row's button that opened the panel gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const items = pagedItems(drives.data?.pages, (d) => d.projectId);

  return (
    <>
      <SettingsSection title="Projects" description="Drives that have been set up or hold files, largest first.">
        {drives.isPending ? (
          <Loading label="Loading drives…" inCard />
        ) : !drives.data ? (
          <LoadError
            title="The drives could not be loaded"
            message={errorMessage(drives.error)}
            onRetry={() => void drives.refetch()}
            retrying={drives.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState title="No drives yet">A project's drive shows here once it is set up or holds files.</EmptyState>
        ) : (
          <>
            <ProjectsTable
              drives={items}
              busy={drives.isRefetching && !drives.isFetchingNextPage}
              onManage={(drive, event) => {
                opener.current = event.currentTarget;
                setOpen({ drive, updatedAt: drives.dataUpdatedAt });
              }}
            />
            <LoadMore
              count={items.length}
              noun={['drive', 'drives']}
              hasMore={drives.hasNextPage}
              loading={drives.isFetchingNextPage}
              onLoadMore={() => void drives.fetchNextPage()}
              error={drives.isFetchNextPageError || drives.isRefetchError ? errorMessage(drives.error) : undefined}
            />
          </>
        )}
      </SettingsSection>
      {open && (
        <ProjectDrivePanel
          key={open.drive.projectId}
          from={open}
          onClose={() => {
            setOpen(null);
            const back = opener.current;
            opener.current = null;
            if (back?.isConnected) back.focus();
          }}
        />
      )}
    </>
  );
}
