import { EmptyAreaPage } from '../../features/projects/ui/EmptyAreaPage';
import { Tag } from '../../ui/Tag';

/** `/store` (route `integrations.store`): the project's installed modules, and the store's offer. */
export function ModulesPage() {
  return (
    <EmptyAreaPage
      title="Modules"
      description="Modules add shops, carriers and tools to a project."
      permission="integrations.read"
      empty={{
        title: 'No modules available yet',
        body: "The platform's administrators decide what the store offers; the modules they add show here.",
        next: { route: 'core.support', label: 'Ask support about modules' },
      }}
    >
      {(project) =>
        project.integrations.length > 0 ? (
          <section aria-labelledby="installed-modules">
            <h2 id="installed-modules" className="mb-3 text-base font-semibold">
              Installed modules
            </h2>
            <ul className="flex flex-wrap gap-2">
              {project.integrations.map((integration) => (
                <li key={integration.code}>
                  <Tag>{integration.code}</Tag>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    </EmptyAreaPage>
  );
}
