import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../app/navigation';
import { Icon } from '../../ui/Icon';
import { headerIconButton } from './header-classes';

/** SPEC.md section 2: the basket button goes to this route. */
export const BASKET_ROUTE = 'resupply.shop.create';

/**
 * The resupply basket (SPEC.md section 2). Shown only once the resupply shop exists; the badge with
 * the basket's total quantity comes with the basket itself.
 */
export function BasketButton({ project }: { project: string | undefined }) {
  if (!routeExists(BASKET_ROUTE)) return null;
  return (
    <Link
      to={pathOf(BASKET_ROUTE)}
      search={project ? { project } : {}}
      aria-label="Basket"
      className={headerIconButton}
    >
      <Icon name="basket" size={20} />
    </Link>
  );
}
