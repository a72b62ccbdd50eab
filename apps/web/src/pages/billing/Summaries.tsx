import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/billing/summaries` (route `billing.summaries`): a statement of each billing period. */
export function SummariesPage() {
  return (
    <EmptyAreaPage
      title="Summaries"
      permission="billing.read"
      empty={{
        title: 'No statements yet',
        body: 'A statement of each billing period appears here once the first period has closed.',
        next: { route: 'billing.index', label: 'See the project’s plan' },
      }}
    />
  );
}
