import path from 'node:path';

/**
 * The chunk a page becomes is named for people (SPEC.md "Page chunks named": `Reset password`,
 * `2FA authenticator setup`, `404`…), while its file is named like the code's other files
 * (`ResetPasswordPage.tsx`). This is the one place that links the two: the page file's name less
 * `Page`, in sentence case, unless it is listed here.
 */
export const PAGE_CHUNK_NAMES: Readonly<Record<string, string>> = {
  TwoFactorSetupPage: '2FA authenticator setup',
  NotFoundPage: '404',
  FaqsPage: 'FAQs',
};

/** A page module is a `<Name>Page.tsx` under src/pages. */
const PAGE_FILE = /[\\/]src[\\/]pages[\\/](?:[^\\/]+[\\/])*([A-Z]\w*Page)\.tsx$/;

/** The chunk name of a page module (by its path), or undefined for any other module. */
export function pageChunkName(moduleId: string | null | undefined): string | undefined {
  const page = PAGE_FILE.exec(moduleId ?? '')?.[1];
  if (!page) return undefined;
  const listed = PAGE_CHUNK_NAMES[page];
  if (listed) return listed;
  const words = page.replace(/Page$/, '').split(/(?=[A-Z])/);
  return [words[0], ...words.slice(1).map((word) => word.toLowerCase())].join(' ');
}

/**
 * `output.chunkFileNames`: a page's chunk file starts with its chunk name
 * (`assets/Reset password-<hash>.js`); every other chunk is named as Vite names it.
 */
export function chunkFileNames(chunk: { facadeModuleId: string | null }): string {
  const name = pageChunkName(chunk.facadeModuleId);
  // `[` and `]` would read as placeholders; no page name has them.
  return path.posix.join('assets', `${name ?? '[name]'}-[hash].js`);
}
