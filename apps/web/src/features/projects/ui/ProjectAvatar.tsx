import { useState } from 'react';
import { cx } from '../../../ui/cx';
import { initials } from '../../../ui/initials';
import type { Project } from '../api/projects';
import { dashboardLogo, isDisplayableImageUrl } from '../logos';

/** A project's name is words between spaces: "Smith-Jones Ltd" is SL, not SJ as a person's would be. */
const PROJECT_NAME_SEPARATORS = /\s+/;

/**
 * A project's dashboard logo on its background colour, else its initials. Decorative: the project's
 * name is always written beside it.
 */
export function ProjectAvatar({
  project,
  className,
}: {
  project: Pick<Project, 'name' | 'logos'>;
  className?: string;
}) {
  const logo = dashboardLogo(project);
  const [failed, setFailed] = useState<string | null>(null);
  const box = cx('grid size-10 shrink-0 place-items-center overflow-hidden rounded-lg', className);
  if (logo && isDisplayableImageUrl(logo.url) && failed !== logo.url) {
    return (
      <span
        aria-hidden="true"
        className={cx(box, 'border border-border bg-surface')}
        style={logo.meta.backgroundColor ? { backgroundColor: logo.meta.backgroundColor } : undefined}
      >
        <img
          src={logo.url}
          alt=""
          className="max-h-full max-w-full object-contain p-1"
          onError={() => setFailed(logo.url)}
        />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={cx(box, 'bg-primary-soft text-sm font-semibold text-primary')}>
      {initials(project.name, PROJECT_NAME_SEPARATORS)}
    </span>
  );
}
