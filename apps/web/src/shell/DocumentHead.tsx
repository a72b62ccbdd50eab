import type { Platform } from '@wharf/contract';
import { useEffect } from 'react';
import { pickFavicon } from '../app/brand';
import { formatPageTitle } from '../app/page-title';

function iconLink(): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}

/** Keeps the tab's title and icon in step with the page and the platform. Renders nothing. */
export function DocumentHead({ platform, title, unread = 0 }: { platform: Platform; title?: string; unread?: number }) {
  useEffect(() => {
    document.title = formatPageTitle(title, platform.name, unread);
  }, [title, platform.name, unread]);

  useEffect(() => {
    const favicon = pickFavicon(platform);
    if (!favicon) return;
    const link = iconLink();
    link.href = favicon.href;
    // The type index.html declares is the default icon's; a platform's may be any image.
    link.removeAttribute('type');
    if (favicon.sizes) link.setAttribute('sizes', favicon.sizes);
    else link.removeAttribute('sizes');
  }, [platform]);

  return null;
}
