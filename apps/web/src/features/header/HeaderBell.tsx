/**
 * The header's notifications bell (SPEC.md section 2 "Notifications panel"). Notifications are a
 * later issue: until that feature exists there is nothing to ring, so the slot renders nothing
 * rather than a bell that does nothing. The notifications issue renders its bell button here.
 */
export function HeaderBell() {
  return null;
}
