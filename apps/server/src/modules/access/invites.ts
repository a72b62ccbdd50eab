import type { AcceptedInvite } from '@wharf/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { normalizeEmail } from '../accounts/service.js';
import { hashToken, newSecretToken } from '../accounts/tokens.js';
import type { MailService } from '../mail/service.js';
import { projectNotFound } from '../projects/errors.js';
import { findProject } from '../projects/read-models.js';
import { joinOrganisation } from '../projects/service.js';
import { invites } from './schema.js';
import { addMember, roleKeysOf } from './service.js';

/** SPEC: invites expire after 7 days. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface InviteRequest {
  projectId: string;
  email: string;
  /** A role key: built-in (`member`) or the project's own (`custom:ops`). */
  role: string;
  invitedBy: string | null;
}

function inviteMail(to: string, projectName: string, platformName: string, link: string) {
  const intro = `You have been invited to join ${projectName} on ${platformName}.`;
  const outro = 'The invitation works for 7 days. If you did not expect it, ignore this mail.';
  return {
    to,
    subject: `Join ${projectName} on ${platformName}`,
    text: `${intro}\n\nAccept the invitation: ${link}\n\n${outro}\n`,
    html: `<p>${intro}</p><p><a href="${link}">Accept the invitation</a></p><p>${outro}</p>`,
  };
}

/** Create an invitation and mail its link, in the caller's transaction. Answers the raw token. */
export async function createInvite(
  tx: Executor,
  deps: { clock: Clock; mail: MailService; publicUrl: string; platformName: string },
  request: InviteRequest,
): Promise<{ id: string; token: string }> {
  const project = await findProject(tx, request.projectId);
  if (!project) throw projectNotFound();
  const token = newSecretToken();
  const now = deps.clock.now();
  const email = normalizeEmail(request.email);
  const [row] = await tx
    .insert(invites)
    .values({
      projectId: project.id,
      email,
      role: request.role,
      tokenHash: hashToken(token),
      invitedBy: request.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    })
    .returning({ id: invites.id });
  const link = new URL(`/accept-invite/${token}`, deps.publicUrl).toString();
  await deps.mail.enqueue(tx, inviteMail(email, project.name, deps.platformName, link));
  return { id: row!.id, token };
}

const invalid = () => new AppError(404, 'INVITE_INVALID', 'This invitation has expired or was already used.');

/**
 * Join the invitation's project. The invitation was sent to one address: only the account with that
 * address may use it, so a forwarded link cannot bring someone else in. Membership and the
 * invitation's use are one transaction.
 */
export async function acceptInvite(
  db: Database,
  clock: Clock,
  user: { id: string; email: string },
  token: string,
  /** Runs in the transaction of the acceptance (the audit entry). */
  onAccepted: (tx: Executor, accepted: AcceptedInvite) => Promise<void> = async () => undefined,
): Promise<AcceptedInvite> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [invite] = await tx
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.tokenHash, hashToken(token)),
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
          gt(invites.expiresAt, now),
        ),
      )
      .for('update');
    if (!invite) throw invalid();
    if (invite.email !== normalizeEmail(user.email)) {
      throw new AppError(
        403,
        'INVITE_EMAIL_MISMATCH',
        `This invitation was sent to ${invite.email}. Sign in with that address to accept it.`,
      );
    }
    const project = await findProject(tx, invite.projectId);
    if (!project) throw invalid();
    const joined = await addMember(tx, project.id, user.id, invite.role);
    await joinOrganisation(tx, project.organisationId, user.id);
    await tx.update(invites).set({ acceptedAt: now, acceptedBy: user.id }).where(eq(invites.id, invite.id));
    const [role] = await roleKeysOf(tx, project.id, user.id);
    const accepted = { projectId: project.id, projectName: project.name, role: role ?? invite.role, joined };
    await onAccepted(tx, accepted);
    return accepted;
  });
}

/** How many invitations a project has had (they go with it when it is deleted; its audit entry says so). */
export async function invitationCount(tx: Executor, projectId: string): Promise<number> {
  const rows = await tx.select({ id: invites.id }).from(invites).where(eq(invites.projectId, projectId));
  return rows.length;
}
