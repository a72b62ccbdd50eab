import { SettingsSection } from '../../features/account/ui/SettingsSection';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert, type AlertTone } from '../../ui/Alert';
import { EmptyState } from '../../ui/ListStates';
import { Tag } from '../../ui/Tag';

/** SPEC.md section 9: the demo plan's code. */
const DEMO_PLAN = 'demo';

/** A billing flag's level (SPEC.md section 3: danger, warning, success, default) as an alert's tone. */
function toneOf(level: string): AlertTone {
  return level === 'danger' || level === 'warning' || level === 'success' ? level : 'info';
}

/** `starter` → Starter; `pro-annual` → Pro annual. */
function planName(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `/billing` (route `billing.index`): the project's plan and what billing says about the account.
 * Invoices, payment methods and the rest of billing come with the billing issue; until then the page
 * says plainly that there are none rather than showing anything made up.
 */
export function BillingPage() {
  return (
    <ProjectPage
      title="Billing"
      description="The project's plan, invoices and payment methods."
      permissions={['billing.read']}
    >
      {(project) => <Billing project={project} />}
    </ProjectPage>
  );
}

function Billing({ project }: { project: Project }) {
  const { plan, flags } = project.billing;
  const isDemo = plan.code === DEMO_PLAN;
  return (
    <div className="grid gap-6">
      {flags.length > 0 && (
        <ul aria-label="Billing notices" className="grid gap-3">
          {flags.map((flag) => (
            <li key={flag.code}>
              <Alert tone={toneOf(flag.level)}>{flag.message}</Alert>
            </li>
          ))}
        </ul>
      )}
      <SettingsSection title="Plan" description="What this project is on, and billed for.">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">Plan</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{planName(plan.code)}</span>
            <Tag>
              <code className="font-mono">{plan.code}</code>
            </Tag>
          </dd>
        </dl>
        {isDemo && (
          <Alert tone="info" className="mt-4">
            Project is in demo mode.
          </Alert>
        )}
      </SettingsSection>
      <SettingsSection title="Invoices" description="Each billing period's invoice, once it is issued.">
        <EmptyState title="No invoices yet.">Invoices show here once one has been issued for this project.</EmptyState>
      </SettingsSection>
      <SettingsSection title="Payment methods" description="The cards and accounts invoices are paid with.">
        <EmptyState title="No payment methods yet.">
          Adding a payment method is not available in the console yet.
        </EmptyState>
      </SettingsSection>
    </div>
  );
}
