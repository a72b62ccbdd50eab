import type { Draft, DraftSummary } from '@wharf/contract';
import { fakeProject, json, projectPageApi, type FakeRoutes } from '../../test/fake-api';

/** A shop with the Marketing module installed. */
export const mailProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'customers' }, { code: 'marketing' }],
});
export const P = mailProject.id;

export const MAIL_MANAGER = ['mail.read', 'mail.manage'];
export const MAIL_READER = ['mail.read'];

export const draftId = (n: number) => `d2af0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 0, 0)).toISOString();

/** Draft `n`, in Markdown, last edited on day `n` of November. */
export function draftFixture(n: number, fields: Partial<Draft> = {}): Draft {
  return {
    id: draftId(n),
    name: `Newsletter ${n}`,
    subject: `News ${n} for {{ subscriber.first_name }}`,
    preheader: '',
    format: 'markdown',
    markdown: `Hello {{ subscriber.first_name | default: "there" }},\n\nIssue ${n}.`,
    blocks: [],
    createdAt: at(n),
    updatedAt: at(n),
    updatedBy: null,
    ...fields,
  };
}

export function summaryOfDraft(draft: Draft): DraftSummary {
  const { markdown: _m, blocks: _b, updatedBy: _u, ...summary } = draft;
  return summary;
}

/** A rendered preview of what was asked, with the subject and body's first words in it. */
export function previewAnswer(body: { subject?: string; markdown?: string }) {
  return json(200, {
    subject: (body.subject ?? '').replace(/\{\{[^}]*\}\}/g, 'Ada'),
    html: `<!DOCTYPE html><html><body><table width="520"><tr><td>${body.markdown ?? ''}</td></tr></table></body></html>`,
    text: `${body.markdown ?? ''}\n\n--\nUnsubscribe: https://wharf.example/mail/unsubscribe?preview=1`,
    recipient: { name: 'Ada Lovelace', email: 'ada@example.com' },
  });
}

/** The API of a project page in the mail project. */
export function mailApi(routes: FakeRoutes, held: readonly string[] = MAIL_MANAGER) {
  return projectPageApi(held, routes, mailProject);
}
