import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/billing/invoices` (route `billing.invoices`): the project's invoices. */
export function InvoicesPage() {
  return (
    <EmptyAreaPage
      title="Invoices"
      permission="billing.read"
      empty={{
        title: 'No invoices yet',
        body: "Invoices appear here after the project's first billing period.",
        next: { route: 'billing.index', label: 'See the project’s plan' },
      }}
    />
  );
}
