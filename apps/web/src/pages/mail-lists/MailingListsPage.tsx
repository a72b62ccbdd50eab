/** Stub: issue 23 builds this page. */
export function MailingListsPage() {
  return <h1>Mailing lists</h1>;
}
