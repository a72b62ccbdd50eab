/** Stub: issue 23 builds this page. */
export function ImportSubscribersPage() {
  return <h1>Import subscribers</h1>;
}
