import { Outlet, useSearch } from '@tanstack/react-router';
import { Layout } from '../app/layouts/Layout';
import { PlatformContext, usePlatformQuery } from '../app/platform';
import { useRouteMeta } from '../app/route-meta';
import { useUnreadTotal } from '../features/notifications/use-unread-total';
import { DeferredToastHost } from '../features/toasts/DeferredToastHost';
import { DocumentHead } from './DocumentHead';
import { ErrorScreen } from './ErrorScreen';
import { LoadingScreen } from './LoadingScreen';

/** The root route: nothing renders before the platform has loaded; then the page, in its layout. */
export function Root() {
  const project = useSearch({ strict: false, select: (search) => search.project });
  const platform = usePlatformQuery(project);
  const meta = useRouteMeta();
  const unread = useUnreadTotal();

  if (platform.isPending) return <LoadingScreen />;
  if (platform.isError) {
    return (
      <ErrorScreen error={platform.error} onRetry={() => void platform.refetch()} retrying={platform.isFetching} />
    );
  }
  return (
    <PlatformContext value={platform.data}>
      <DocumentHead platform={platform.data} title={meta.title} unread={unread} />
      <Layout layout={meta.layout}>
        <Outlet />
      </Layout>
      <DeferredToastHost />
    </PlatformContext>
  );
}
