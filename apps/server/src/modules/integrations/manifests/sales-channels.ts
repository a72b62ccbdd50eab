import { z } from 'zod';
import { baseUrl, basicAuth, bearer } from '../connectors/http.js';
import type { ModuleManifest } from '../manifest.js';
import { address, connectorManifest, monthly, moduleManifest, secret, storeSyncSettings } from './builders.js';

/** Amazon's Selling Partner API has one host per region. */
const amazonHosts = {
  eu: 'sellingpartnerapi-eu.amazon.com',
  na: 'sellingpartnerapi-na.amazon.com',
  fe: 'sellingpartnerapi-fe.amazon.com',
} as const;

export const salesChannelModules: readonly ModuleManifest[] = [
  connectorManifest({
    code: 'shopify',
    name: 'Shopify',
    category: 'sales-channels',
    description: 'Keep a Shopify store in step: products and stock out, orders in.',
    icon: 'basket',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      shopUrl: address('Enter the shop address, such as https://example.myshopify.com.'),
      accessToken: secret("Enter the Admin API access token of your store's custom app."),
    }),
    test: {
      url: (c) => `${baseUrl(c.shopUrl)}/admin/api/2025-01/shop.json`,
      headers: (c) => ({ 'X-Shopify-Access-Token': c.accessToken ?? '' }),
    },
  }),
  connectorManifest({
    code: 'wooCommerce',
    name: 'WooCommerce',
    category: 'sales-channels',
    description: 'Sync products, stock and orders with a WooCommerce store through its REST API.',
    icon: 'basket',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      siteUrl: address('Enter the store address, such as https://shop.example.com.'),
      consumerKey: secret('Enter the consumer key (it starts with ck_).'),
      consumerSecret: secret('Enter the consumer secret (it starts with cs_).'),
    }),
    test: {
      url: (c) => `${baseUrl(c.siteUrl)}/wp-json/wc/v3/system_status`,
      headers: (c) => ({ Authorization: basicAuth(c.consumerKey, c.consumerSecret) }),
    },
  }),
  moduleManifest({
    code: 'wooCommerceApp',
    name: 'WooCommerce app',
    category: 'sales-channels',
    description:
      'The companion WordPress plugin: personalisation and live shipping rates inside your WooCommerce checkout.',
    icon: 'developer',
    // The plugin talks to the store the WooCommerce connector already reaches.
    dependsOn: ['wooCommerce'],
    config: z.object({
      showPersonaliser: z.boolean().default(true).meta({ title: 'Show the personaliser on product pages' }),
      liveShippingRates: z.boolean().default(false).meta({ title: 'Quote live shipping rates at checkout' }),
    }),
  }),
  connectorManifest({
    code: 'ecwid',
    name: 'Ecwid',
    category: 'sales-channels',
    description: 'Connect an Ecwid by Lightspeed store and sync its catalogue and orders.',
    icon: 'basket',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      storeId: secret('Enter the store ID (digits only).').regex(/^\d+$/, 'Enter the store ID (digits only).'),
      secretToken: secret('Enter the secret access token (it starts with secret_).'),
    }),
    test: {
      url: (c) => `https://app.ecwid.com/api/v3/${encodeURIComponent(c.storeId ?? '')}/profile`,
      headers: (c) => bearer(c.secretToken),
    },
  }),
  connectorManifest({
    code: 'etsy',
    name: 'Etsy',
    category: 'sales-channels',
    description: 'List your products on Etsy and bring Etsy orders into the console.',
    icon: 'heart',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      apiKey: secret('Enter the keystring of your Etsy app.'),
      accessToken: secret('Enter the OAuth access token for your shop.'),
    }),
    test: {
      url: () => 'https://openapi.etsy.com/v3/application/users/me',
      headers: (c) => ({ 'x-api-key': c.apiKey ?? '', ...bearer(c.accessToken) }),
    },
  }),
  connectorManifest({
    code: 'wix',
    name: 'Wix',
    category: 'sales-channels',
    description: 'Sync a Wix Stores site: products and inventory out, orders in.',
    icon: 'basket',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      siteId: secret('Enter the site ID from your Wix dashboard URL.'),
      apiKey: secret('Enter an API key with Wix Stores permissions.'),
    }),
    test: {
      url: () => 'https://www.wixapis.com/site-properties/v4/properties',
      headers: (c) => ({ Authorization: c.apiKey ?? '', 'wix-site-id': c.siteId ?? '' }),
    },
  }),
  connectorManifest({
    code: 'amazon',
    name: 'Amazon',
    category: 'sales-channels',
    description: 'Sell on Amazon marketplaces: listings and stock out, orders in, through the Selling Partner API.',
    icon: 'basket',
    dependsOn: ['orders'],
    prices: monthly(1_900, 2_100, 1_700),
    config: storeSyncSettings,
    credentials: z.object({
      region: z.enum(['eu', 'na', 'fe'], { error: 'Choose Europe (eu), North America (na) or Far East (fe).' }),
      sellerId: secret('Enter your seller (merchant) ID.'),
      accessToken: secret('Enter a Login with Amazon access token.'),
    }),
    test: {
      url: (c) => {
        const host = amazonHosts[c.region as keyof typeof amazonHosts] ?? amazonHosts.eu;
        return `https://${host}/sellers/v1/marketplaceParticipations`;
      },
      headers: (c) => ({ 'x-amz-access-token': c.accessToken ?? '' }),
    },
  }),
  connectorManifest({
    code: 'tiktokShop',
    name: 'TikTok Shop',
    category: 'sales-channels',
    description: 'Sell through TikTok Shop: products out, orders in, stock kept in step.',
    icon: 'bolt',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      appKey: secret('Enter the app key of your TikTok Shop app.'),
      accessToken: secret('Enter the shop access token.'),
    }),
    test: {
      url: (c) =>
        `https://open-api.tiktokglobalshop.com/authorization/202309/shops?app_key=${encodeURIComponent(c.appKey ?? '')}`,
      headers: (c) => ({ 'x-tts-access-token': c.accessToken ?? '' }),
    },
  }),
  connectorManifest({
    code: 'mirakl',
    name: 'Mirakl',
    category: 'sales-channels',
    description: 'Sell on marketplaces run on Mirakl: offers and stock out, orders in.',
    icon: 'globe',
    dependsOn: ['orders'],
    prices: monthly(2_900, 3_200, 2_500),
    config: storeSyncSettings,
    credentials: z.object({
      instanceUrl: address('Enter the marketplace address, such as https://marketplace.mirakl.net.'),
      apiKey: secret('Enter the shop API key from your Mirakl account.'),
    }),
    test: {
      url: (c) => `${baseUrl(c.instanceUrl)}/api/account`,
      headers: (c) => ({ Authorization: c.apiKey ?? '' }),
    },
  }),
  connectorManifest({
    code: 'rithum',
    name: 'Rithum',
    category: 'sales-channels',
    description: 'Reach hundreds of marketplaces through Rithum (formerly ChannelAdvisor).',
    icon: 'globe',
    dependsOn: ['orders'],
    prices: monthly(2_900, 3_200, 2_500),
    config: storeSyncSettings,
    credentials: z.object({ accessToken: secret('Enter the Rithum REST API access token.') }),
    test: {
      url: () => 'https://api.channeladvisor.com/v1/Profiles',
      headers: (c) => bearer(c.accessToken),
    },
  }),
  connectorManifest({
    code: 'lemonstand',
    name: 'LemonStand',
    category: 'sales-channels',
    description: 'Bring products, customers and orders over from a LemonStand store.',
    icon: 'basket',
    dependsOn: ['orders'],
    config: storeSyncSettings,
    credentials: z.object({
      storeUrl: address('Enter the store address, such as https://example.lemonstand.com.'),
      accessToken: secret('Enter the API access token of your LemonStand store.'),
    }),
    test: {
      url: (c) => `${baseUrl(c.storeUrl)}/api/v2/store`,
      headers: (c) => bearer(c.accessToken),
    },
  }),
  moduleManifest({
    code: 'platformFeed',
    name: 'Platform feed',
    category: 'sales-channels',
    description: 'Offer your catalogue to the other shops on this platform, and sell theirs, with a margin you set.',
    icon: 'projects',
    dependsOn: ['products', 'platform'],
    config: z.object({
      shareCatalogue: z.boolean().default(true).meta({ title: 'Share my catalogue with the platform' }),
      resellerMarginPercent: z
        .number({ error: 'Enter a percentage.' })
        .min(0, 'The margin cannot be negative.')
        .max(300, 'The margin can be at most 300%.')
        .default(30)
        .meta({ title: 'Suggested reseller margin (%)' }),
    }),
  }),
];
