import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkFileNames, pageChunkName } from '../../build/page-chunks';

const pages = path.join(__dirname, '../pages');

describe('page chunk names (build/page-chunks.ts)', () => {
  it('names a page chunk in sentence case from its file, or as listed', () => {
    expect(pageChunkName('/app/src/pages/reset-password/ResetPasswordPage.tsx')).toBe('Reset password');
    expect(pageChunkName('/app/src/pages/dashboard/DashboardPage.tsx')).toBe('Dashboard');
    expect(pageChunkName('/app/src/pages/settings/TwoFactorSetupPage.tsx')).toBe('2FA authenticator setup');
    expect(pageChunkName('/app/src/pages/not-found/NotFoundPage.tsx')).toBe('404');
    expect(pageChunkName('/app/src/pages/not-found/CatchAll.tsx')).toBeUndefined();
    expect(pageChunkName('/app/src/features/header/Header.tsx')).toBeUndefined();
    expect(chunkFileNames({ facadeModuleId: '/app/src/pages/auth/AuthSetupPage.tsx' })).toBe(
      'assets/Auth setup-[hash].js',
    );
    expect(chunkFileNames({ facadeModuleId: null })).toBe('assets/[name]-[hash].js');
  });

  it('gives every page file its own chunk name', () => {
    const files = readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('Page.tsx'));
    expect(files.length).toBeGreaterThan(40);
    const names = files.map((file) => pageChunkName(path.join(pages, file)));
    expect(names).not.toContain(undefined);
    expect(new Set(names).size).toBe(names.length);
  });
});
