import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../app/navigation';
import { Icon } from '../../ui/Icon';
import { useCart } from '../basket/use-cart';
import { headerIconButton } from './header-classes';

/** SPEC.md section 2: the basket button goes to this route. */
export const BASKET_ROUTE = 'resupply.shop.create';

/** The button's name: what it is, and how much is in it. */
export function basketLabel(totalQuantity: number): string {
  if (totalQuantity <= 0) return 'Basket';
  return `Basket, ${totalQuantity} ${totalQuantity === 1 ? 'item' : 'items'}`;
}

/** Large totals are shortened in the badge (the full number is in the button's name). */
function badgeText(totalQuantity: number): string {
  return totalQuantity > 99 ? '99+' : String(totalQuantity);
}

/**
 * The resupply basket (SPEC.md section 2): goes to the resupply shop of the project, with a badge
 * of the basket's total quantity when it holds anything. Shown only once the resupply shop exists.
 */
export function BasketButton({ project }: { project: string | undefined }) {
  const { totalQuantity } = useCart(project);
  if (!routeExists(BASKET_ROUTE)) return null;
  return (
    <Link
      to={pathOf(BASKET_ROUTE)}
      search={project ? { project } : {}}
      aria-label={basketLabel(totalQuantity)}
      className={`${headerIconButton} relative`}
    >
      <Icon name="basket" size={20} />
      {totalQuantity > 0 && (
        <span
          aria-hidden="true"
          data-testid="basket-badge"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-[11px] leading-none font-semibold text-on-primary ring-2 ring-surface"
        >
          {badgeText(totalQuantity)}
        </span>
      )}
    </Link>
  );
}
