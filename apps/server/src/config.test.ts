import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.js';

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
