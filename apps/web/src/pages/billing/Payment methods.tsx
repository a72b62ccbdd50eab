import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';

/** `/billing/payment-methods` (route `billing.payment-methods`): what pays the project's invoices. */
export function PaymentMethodsPage() {
  return (
    <EmptyAreaPage
      title="Payment methods"
      permission="billing.read"
      empty={{
        title: 'No payment methods yet',
        body: "The cards and accounts that pay this project's invoices appear here once one is added.",
        next: { route: 'billing.index', label: 'See the project’s plan' },
      }}
    />
  );
}
