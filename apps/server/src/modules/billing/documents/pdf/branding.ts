import type { PlatformLogo } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../../core/db/database.js';
import { platformFacts } from '../../../platform/read-models.js';
import { projectPlatform } from '../../../projects/read-models.js';
import type { Branding } from './layout.js';

const EMBEDDABLE = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * The logo printed on paper: the light desktop one, when it is a PNG or JPEG held inline. Logos given
 * as URLs (the default brand is SVG, served by the web app) are never fetched: a document must not
 * depend on the network, nor let a platform's settings make the server call out. pdfkit draws
 * neither SVG nor WebP, so those fall back to the name as a wordmark.
 */
export function embeddableLogo(logos: readonly PlatformLogo[]): Buffer | null {
  const ordered = [
    ...logos.filter((l) => l.meta.device === 'desktop' && l.meta.theme === 'light'),
    ...logos.filter((l) => l.meta.theme === 'light'),
  ];
  for (const logo of ordered) {
    const match = EMBEDDABLE.exec(logo.url);
    if (match) return Buffer.from(match[2]!, 'base64');
  }
  return null;
}

export async function brandingOfPlatform(db: Executor, platformId: string): Promise<Branding> {
  const [row] = await db
    .select({ name: platformFacts.name, logos: platformFacts.logos })
    .from(platformFacts)
    .where(eq(platformFacts.id, platformId));
  return { name: row?.name ?? 'Wharf', logo: row ? embeddableLogo(row.logos) : null };
}

export async function brandingOfProject(db: Executor, projectId: string): Promise<Branding> {
  const [row] = await db
    .select({ name: platformFacts.name, logos: platformFacts.logos })
    .from(projectPlatform)
    .innerJoin(platformFacts, eq(platformFacts.id, projectPlatform.platformId))
    .where(eq(projectPlatform.id, projectId));
  return { name: row?.name ?? 'Wharf', logo: row ? embeddableLogo(row.logos) : null };
}
