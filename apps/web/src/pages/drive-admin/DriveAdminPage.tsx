import type { DriveProjectAdmin } from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useRef, useState } from 'react';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { Table, type Column } from '../../features/billing/ui/Table';
import { useAdminDriveProjects } from '../../features/drive/api/admin-drive-projects';
import { errorMessage } from '../../features/forms/form-errors';
import { pagedItems } from '../../features/lists/paged-list';
import { Button } from '../../ui/Button';
import { EmptyState, LoadError, LoadMore } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { formatMeasure } from './DayChart';
import { AllDrivesMetrics } from './DriveMetrics';
import { ProjectDrivePanel } from './ProjectDrivePanel';
import { storageClassName } from './quota';
import { UsageMeter } from './UsageMeter';

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

  const columns: Column<DriveProjectAdmin>[] = [
    {
      header: 'Project',
      cell: (d) => (
        <div className="min-w-0">
          <p className="font-medium break-words">{d.projectName}</p>
          {d.createdAt === null && <p className="text-xs text-muted">Not set up</p>}
        </div>
      ),
    },
    { header: 'Used / quota', cell: (d) => <UsageMeter drive={d} /> },
    { header: 'Files', numeric: true, cell: (d) => formatMeasure(d.fileCount, 'count') },
    {
      header: 'Storage class',
      cell: (d) => <span className="whitespace-nowrap">{storageClassName(d.storageClass)}</span>,
    },
    {
      header: <span className="sr-only">Actions</span>,
      // The cell holds the sr-only header in place: positioned elsewhere, it would widen the page on phones.
      className: 'relative text-right',
      cell: (d) => (
        <Button
          size="small"
          variant="secondary"
          aria-label={`Manage ${d.projectName}`}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setOpen({ drive: d, updatedAt: drives.dataUpdatedAt });
          }}
        >
          Manage
        </Button>
      ),
    },
  ];

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
            <Table
              caption="Projects' drives"
              columns={columns}
              rows={items}
              keyOf={(d) => d.projectId}
              busy={drives.isRefetching && !drives.isFetchingNextPage}
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
