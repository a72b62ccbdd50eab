import { describe, expect, it } from 'vitest';
import { moduleRegistry, requireManifest } from '../registry.js';

/**
 * Each connector's Test connection, against a fake fetch that records the request: the right
 * endpoint, the credentials in the provider's header, and the provider's name in the answer. The
 * generic timeout and error handling are proved once, on a real socket, in http.test.ts.
 */
interface Case {
  code: string;
  credentials: Record<string, string>;
  url: string;
  headers: Record<string, string>;
  /** The name in messages when it is not the module's name. */
  provider?: string;
}

const cases: Case[] = [
  {
    code: 'shopify',
    credentials: { shopUrl: 'https://example.myshopify.com/', accessToken: 'shpat_1' },
    url: 'https://example.myshopify.com/admin/api/2025-01/shop.json',
    headers: { 'X-Shopify-Access-Token': 'shpat_1' },
  },
  {
    code: 'wooCommerce',
    credentials: { siteUrl: 'https://shop.example.com', consumerKey: 'ck_1', consumerSecret: 'cs_1' },
    url: 'https://shop.example.com/wp-json/wc/v3/system_status',
    headers: { Authorization: `Basic ${Buffer.from('ck_1:cs_1').toString('base64')}` },
  },
  {
    code: 'ecwid',
    credentials: { storeId: '1234', secretToken: 'secret_1' },
    url: 'https://app.ecwid.com/api/v3/1234/profile',
    headers: { Authorization: 'Bearer secret_1' },
  },
  {
    code: 'etsy',
    credentials: { apiKey: 'key', accessToken: 'tok' },
    url: 'https://openapi.etsy.com/v3/application/users/me',
    headers: { 'x-api-key': 'key', Authorization: 'Bearer tok' },
  },
  {
    code: 'wix',
    credentials: { siteId: 'site', apiKey: 'IST.1' },
    url: 'https://www.wixapis.com/site-properties/v4/properties',
    headers: { Authorization: 'IST.1', 'wix-site-id': 'site' },
  },
  {
    code: 'amazon',
    credentials: { region: 'na', sellerId: 'A1', accessToken: 'Atza|1' },
    url: 'https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations',
    headers: { 'x-amz-access-token': 'Atza|1' },
  },
  {
    code: 'tiktokShop',
    credentials: { appKey: 'app 1', accessToken: 'tok' },
    url: 'https://open-api.tiktokglobalshop.com/authorization/202309/shops?app_key=app%201',
    headers: { 'x-tts-access-token': 'tok' },
  },
  {
    code: 'mirakl',
    credentials: { instanceUrl: 'https://market.mirakl.net', apiKey: 'k' },
    url: 'https://market.mirakl.net/api/account',
    headers: { Authorization: 'k' },
  },
  {
    code: 'rithum',
    credentials: { accessToken: 'tok' },
    url: 'https://api.channeladvisor.com/v1/Profiles',
    headers: { Authorization: 'Bearer tok' },
  },
  {
    code: 'lemonstand',
    credentials: { storeUrl: 'https://example.lemonstand.com', accessToken: 'tok' },
    url: 'https://example.lemonstand.com/api/v2/store',
    headers: { Authorization: 'Bearer tok' },
  },
  {
    code: 'thirdPartyLogistics',
    provider: '3PL',
    credentials: { apiUrl: 'https://api.my3pl.example/v2', apiKey: 'k' },
    url: 'https://api.my3pl.example/v2/ping',
    headers: { Authorization: 'Bearer k' },
  },
  {
    code: 'shipstation',
    credentials: { apiKey: 'k', apiSecret: 's' },
    url: 'https://ssapi.shipstation.com/stores',
    headers: { Authorization: `Basic ${Buffer.from('k:s').toString('base64')}` },
  },
  {
    code: 'shiprocket',
    credentials: { apiToken: 'tok' },
    url: 'https://apiv2.shiprocket.in/v1/external/settings/company/pickup',
    headers: { Authorization: 'Bearer tok' },
  },
  {
    code: 'shipmate',
    credentials: { apiToken: 'tok' },
    url: 'https://api.shipmate.co.uk/v1.2/services',
    headers: { 'X-SHIPMATE-TOKEN': 'tok' },
  },
  {
    code: 'printify',
    credentials: { apiToken: 'tok' },
    url: 'https://api.printify.com/v1/shops.json',
    headers: { Authorization: 'Bearer tok' },
  },
  {
    code: 'gelato',
    credentials: { apiKey: 'k' },
    url: 'https://product.gelatoapis.com/v3/catalogs',
    headers: { 'X-API-KEY': 'k' },
  },
  {
    // The API address is left out: its default applies once the credentials are parsed.
    code: 'ochre',
    credentials: { apiKey: 'k' },
    url: 'https://api.ochre.io/v1/account',
    headers: { Authorization: 'Bearer k' },
  },
  {
    code: 'ralawise',
    credentials: { apiKey: 'k' },
    url: 'https://api.ralawise.com/v1/account',
    headers: { Authorization: 'Bearer k' },
  },
  {
    code: 'kickflip',
    credentials: { apiKey: 'k' },
    url: 'https://api.gokickflip.com/v1/me',
    headers: { Authorization: 'Bearer k' },
  },
];

function recordingFetch(status: number) {
  const requests: { url: string; headers: Headers; method: string | undefined }[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers), method: init?.method });
    return new Response('{}', { status });
  }) as typeof fetch;
  return { fake, requests };
}

const adapterOf = (code: string) => {
  const connector = requireManifest(code).connector;
  if (!connector) throw new Error(`${code} is not a connector`);
  return connector;
};

describe('connector adapters', () => {
  it('covers every connector in the registry', () => {
    const connectors = [...moduleRegistry.values()].filter((m) => m.connector).map((m) => m.code);
    expect(cases.map((c) => c.code).sort()).toEqual(connectors.sort());
  });

  it.each(cases)(
    '$code calls its provider with its credentials',
    async ({ code, credentials, url, headers, provider }) => {
      const connector = adapterOf(code);
      const parsed = connector.credentials.parse(credentials) as Record<string, string>;
      const { fake, requests } = recordingFetch(200);
      const result = await connector.adapter.testConnection(parsed, { fetch: fake, timeoutMs: 1000 });
      expect(result).toEqual({ ok: true, message: `Connected to ${provider ?? requireManifest(code).name}.` });
      expect(requests).toHaveLength(1);
      expect(requests[0]?.method).toBe('GET');
      expect(requests[0]?.url).toBe(url);
      for (const [name, value] of Object.entries(headers)) expect(requests[0]?.headers.get(name), name).toBe(value);
    },
  );

  it('names the provider when it refuses the credentials', async () => {
    const { fake } = recordingFetch(401);
    const connector = adapterOf('etsy');
    expect(
      await connector.adapter.testConnection({ apiKey: 'k', accessToken: 't' }, { fetch: fake, timeoutMs: 1000 }),
    ).toEqual({
      ok: false,
      message: 'The credentials were refused by Etsy.',
    });
  });
});
