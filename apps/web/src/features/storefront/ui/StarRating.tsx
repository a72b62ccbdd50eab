import { Icon } from '../../../ui/Icon';
import { cx } from '../../../ui/cx';

/** "4 out of 5 stars": what the stars say to a screen reader, and their tooltip. */
export const ratingWords = (rating: number) => `${rating} out of 5 ${rating === 1 ? 'star' : 'stars'}`;

/**
 * A review's rating as five stars, the first `rating` of them filled; one image to assistive
 * technology, named by its words ("4 out of 5 stars").
 */
export function StarRating({ rating, size = 16, className }: { rating: number; size?: number; className?: string }) {
  const words = ratingWords(rating);
  return (
    <span role="img" aria-label={words} title={words} className={cx('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Icon
          key={star}
          name="star"
          size={size}
          className={star <= rating ? 'shrink-0 text-warning' : 'shrink-0 text-border'}
          fill={star <= rating ? 'currentColor' : 'none'}
          data-filled={star <= rating || undefined}
        />
      ))}
    </span>
  );
}
