import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/billing/charges` (route `billing.charges`): what the project is charged for. */
export function ChargesPage() {
  return (
    <EmptyAreaPage
      title="Charges"
      permission="billing.read"
      empty={{
        title: 'No charges yet',
        body: 'Charges appear here as the project is billed for its plan and what it uses.',
        next: { route: 'billing.index', label: 'See the project’s plan' },
      }}
    />
  );
}
