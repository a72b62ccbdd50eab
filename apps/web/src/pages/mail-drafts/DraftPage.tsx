/** Stub: issue 23 builds this page. */
export function DraftPage() {
  return <h1>Draft</h1>;
}
