/** Query keys of the storefront's management (orders, customers, exports, the payment account), per project. */
export const storefrontKeys = {
  all: (project: string) => ['storefront', project] as const,
  orders: (project: string) => [...storefrontKeys.all(project), 'orders'] as const,
  orderList: (project: string, filters: object) => [...storefrontKeys.orders(project), 'list', filters] as const,
  order: (project: string, orderId: string) => [...storefrontKeys.orders(project), 'detail', orderId] as const,
  fulfillers: (project: string) => [...storefrontKeys.all(project), 'fulfillers'] as const,
  customers: (project: string) => [...storefrontKeys.all(project), 'customers'] as const,
  customerList: (project: string, filters: object) => [...storefrontKeys.customers(project), 'list', filters] as const,
  customer: (project: string, customerId: string) =>
    [...storefrontKeys.customers(project), 'detail', customerId] as const,
  export: (project: string, exportId: string) => [...storefrontKeys.all(project), 'export', exportId] as const,
  paymentAccount: (project: string) => [...storefrontKeys.all(project), 'payment-account'] as const,
};
