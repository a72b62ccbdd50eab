/** Stub: issue 23 builds this page. */
export function DraftsPage() {
  return <h1>Drafts</h1>;
}
