/**
 * SPEC.md "Page title": the route title, prefixed by the unread count in parentheses, then
 * ' - ' and the platform name. A route without a title shows the platform name alone.
 */
export function formatPageTitle(title: string | undefined, platformName: string, unread = 0): string {
  const prefix = unread > 0 ? `(${unread}) ` : '';
  return title ? `${prefix}${title} - ${platformName}` : `${prefix}${platformName}`;
}
