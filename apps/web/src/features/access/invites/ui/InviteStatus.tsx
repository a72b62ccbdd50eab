import { Tag, type TagTone } from '../../../../ui/Tag';
import { relativeTime } from '../../members/format';
import type { Invite } from '../api/invites';

const STATUS: Record<Invite['status'], { label: string; tone: TagTone }> = {
  pending: { label: 'Pending', tone: 'primary' },
  accepted: { label: 'Accepted', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'neutral' },
};

export function InviteStatusBadge({ status }: { status: Invite['status'] }) {
  const { label, tone } = STATUS[status];
  return <Tag tone={tone}>{label}</Tag>;
}

/** "Expires in 6 days", "Expired 2 days ago"; nothing for an invitation that was used or revoked. */
export function expiryText(invite: Pick<Invite, 'status' | 'expiresAt'>, now: number = Date.now()): string | null {
  if (invite.status === 'pending') return `Expires ${relativeTime(invite.expiresAt, now)}`;
  if (invite.status === 'expired') return `Expired ${relativeTime(invite.expiresAt, now)}`;
  return null;
}
