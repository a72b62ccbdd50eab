import { afterAll, describe, expect, it } from 'vitest';
import { firstStart } from './modules/accounts/first-start.js';
import { createTestApp, type TestApp } from './test/app.js';
import { configSchema, listeningUrl, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with no environment at all (embedded database, port 3000)', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('parses lists, numbers and flags', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      PORT: '8080',
      TRUST_PROXY: 'true',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('defaults PUBLIC_URL to the address the server listens on', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: 'wharf.internal', PORT: '80' }).PUBLIC_URL).toBe('http://wharf.internal');
    expect(listeningUrl('::', 4100)).toBe('http://localhost:4100');
    expect(listeningUrl('::1', 4100)).toBe('http://[::1]:4100');
    // Given, it wins, whatever the port.
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://wharf.example' }).PUBLIC_URL).toBe('https://wharf.example');
  });

  it('names every bad value at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrow(/PORT.*PUBLIC_URL|PUBLIC_URL.*PORT/);
  });
});

describe('the README configuration table', () => {
  it('documents every variable config.ts reads', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const name of Object.keys(configSchema.shape)) expect(readme, name).toContain(`| \`${name}\``);
  });
});

describe('links on another port', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('point at that port: the first admin link and the API reference servers', async () => {
    t = await createTestApp({ config: { PORT: '4100' } });
    expect(t.config.PUBLIC_URL).toBe('http://localhost:4100');
    const first = await firstStart(t.database.db, t.clock, {
      platformName: 'Wharf',
      adminEmail: 'admin@wharf.local',
      publicUrl: t.config.PUBLIC_URL,
    });
    expect(first.adminSetupLink).toMatch(/^http:\/\/localhost:4100\/set-password\?/);
    const openapi = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(openapi.servers).toEqual([{ url: 'http://localhost:4100' }]);
  });
});
