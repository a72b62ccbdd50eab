import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { driveFileFixture, previewFixture } from '../drive-fixtures';
import { Image } from './Image';

const SIZES = '(min-width: 640px) 200px, 100vw';

describe('Image (a drive file as a <picture>)', () => {
  it('offers the preview’s webp and jpg srcsets with the sizes given, and its jpg src', () => {
    const file = driveFileFixture(1, { altText: 'The harbour at dawn' });
    const preview = previewFixture(file.id);
    const { container } = render(<Image file={{ ...file, preview }} sizes={SIZES} />);
    const picture = container.querySelector('picture')!;
    const sources = [...picture.querySelectorAll('source')].map((s) => ({
      type: s.getAttribute('type'),
      srcset: s.getAttribute('srcset'),
      sizes: s.getAttribute('sizes'),
    }));
    expect(sources).toEqual([
      { type: 'image/webp', srcset: preview.sources[0]!.srcset, sizes: SIZES },
      { type: 'image/jpeg', srcset: preview.sources[1]!.srcset, sizes: SIZES },
    ]);
    const img = screen.getByRole('img', { name: 'The harbour at dawn' });
    expect(img).toHaveAttribute('src', preview.src);
    expect(img).toHaveAttribute('sizes', SIZES);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '480');
  });

  it('shows the type’s icon when there is no preview (not an image, or not made yet)', () => {
    const { container, rerender } = render(
      <Image file={driveFileFixture(2, { type: 'application/pdf', name: 'price-list.pdf' })} sizes={SIZES} alt="" />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('[data-file-icon]')).toHaveAttribute('data-file-icon', 'PDF');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    // With alt text the icon stands for the file.
    rerender(<Image file={driveFileFixture(3, { altText: 'Opening hours' })} sizes={SIZES} />);
    expect(screen.getByRole('img', { name: 'Opening hours' })).toContainElement(
      container.querySelector('[data-file-icon="PNG"]') as HTMLElement,
    );
  });

  it('shows a stand-in address while there is no preview, and the icon when an image fails to load', () => {
    const file = driveFileFixture(4);
    const { container, rerender } = render(<Image file={file} sizes={SIZES} alt="" fallbackSrc="blob:test/1" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'blob:test/1');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-file-icon="PNG"]')).toBeInTheDocument();

    // A preview whose signed addresses have expired is not asked for.
    const expired = previewFixture(file.id, new Date(Date.now() - 1000).toISOString());
    rerender(<Image file={{ ...file, preview: expired }} sizes={SIZES} alt="" />);
    expect(container.querySelector('picture')).toBeNull();
  });
});
