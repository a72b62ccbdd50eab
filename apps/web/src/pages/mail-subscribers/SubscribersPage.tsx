/** Stub: issue 23 builds this page. */
export function SubscribersPage() {
  return <h1>Subscribers</h1>;
}
