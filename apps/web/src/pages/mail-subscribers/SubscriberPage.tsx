/** Stub: issue 23 builds this page. */
export function SubscriberPage() {
  return <h1>Subscriber</h1>;
}
