import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/resupply/shop` (route `resupply.shop.create`): the resupply basket, ordered in one go. */
export function ResupplyPage() {
  return (
    <EmptyAreaPage
      title="Resupply"
      permission="projects.read"
      empty={{
        title: 'Your basket is empty',
        body: 'Items you add to reorder stay here until you place the order.',
        next: { route: 'project.dashboard', label: 'Back to the dashboard' },
      }}
    />
  );
}
