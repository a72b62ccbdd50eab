import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest, optionalMatching } from './builders.js';

/** A host name such as shop.example.com (no scheme, no path). */
const hostName = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** A path on the site such as /old-page (redirect sources and targets). */
const sitePath = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\/[^\s]*$/, message)
    .max(500, message);

export const websiteModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'website',
    name: 'Website',
    category: 'website',
    description: 'Your storefront: themes, pages, navigation and checkout, on a free platform address.',
    icon: 'globe',
    dependsOn: ['products'],
    config: z.object({
      theme: z
        .enum(['classic', 'minimal', 'bold'], { error: 'Choose the classic, minimal or bold theme.' })
        .default('classic')
        .meta({ title: 'Theme' }),
      showPricesWithTax: z.boolean().default(true).meta({ title: 'Show prices with tax' }),
    }),
  }),
  moduleManifest({
    code: 'domains',
    name: 'Domains',
    category: 'website',
    description: 'Register domains and keep their renewals in one place.',
    icon: 'globe',
    config: z.object({
      autoRenew: z.boolean().default(true).meta({ title: 'Renew domains automatically' }),
    }),
  }),
  moduleManifest({
    code: 'dns',
    name: 'DNS',
    category: 'website',
    description: 'Manage DNS records for your domains: mail, verification and subdomains.',
    icon: 'developer',
    dependsOn: ['domains'],
    // The domain's name servers must point here before records take effect.
    needsSetup: true,
    config: z.object({
      defaultTtlSeconds: z
        .number({ error: 'Enter a time in seconds.' })
        .int('Enter a whole number of seconds.')
        .min(60, 'Use a TTL of at least 60 seconds.')
        .max(86_400, 'Use a TTL of at most 86400 seconds (a day).')
        .default(3_600)
        .meta({ title: 'Default TTL (seconds)' }),
    }),
  }),
  moduleManifest({
    code: 'customDomain',
    name: 'Custom domain',
    category: 'website',
    description: 'Serve your website from your own domain, with a certificate issued and renewed for you.',
    icon: 'globe',
    dependsOn: ['website', 'domains'],
    prices: monthly(500, 600, 450),
    // The domain has to be verified before traffic is sent to it.
    needsSetup: true,
    config: z.object({
      domainName: optionalMatching(hostName, 'Enter a domain such as shop.example.com, without https://.').meta({
        title: 'Domain',
      }),
      redirectWww: z.boolean().default(true).meta({ title: 'Send www. visitors to the domain' }),
    }),
  }),
  moduleManifest({
    code: 'customCode',
    name: 'Custom code',
    category: 'website',
    description: "Add your own scripts and styles to the website's head and body.",
    icon: 'developer',
    dependsOn: ['website'],
    config: z.object({
      head: z.string().max(20_000, 'Keep head code under 20000 characters.').default('').meta({ title: 'In <head>' }),
      bodyEnd: z
        .string()
        .max(20_000, 'Keep body code under 20000 characters.')
        .default('')
        .meta({ title: 'Before </body>' }),
    }),
  }),
  moduleManifest({
    code: 'sitewideBanner',
    name: 'Sitewide banner',
    category: 'website',
    description: 'A message across the top of every page: a sale, a delivery cut-off, a new collection.',
    icon: 'flag',
    dependsOn: ['website'],
    config: z.object({
      message: z
        .string()
        .trim()
        .max(160, 'Keep the banner under 160 characters.')
        .default('')
        .meta({ title: 'Message' }),
      linkPath: z
        .union([z.literal(''), sitePath('Link to a page of the site, starting with /.')])
        .default('')
        .meta({ title: 'Link to' }),
      dismissible: z.boolean().default(true).meta({ title: 'Visitors can close it' }),
    }),
  }),
  moduleManifest({
    code: 'comingSoonPage',
    name: 'Coming soon page',
    category: 'website',
    description: 'Show a coming-soon page, with a sign-up form, until your shop opens.',
    icon: 'moon',
    dependsOn: ['website'],
    config: z.object({
      headline: z
        .string()
        .trim()
        .min(1, 'Enter a headline.')
        .max(80, 'Keep the headline under 80 characters.')
        .default('Opening soon')
        .meta({ title: 'Headline' }),
      collectEmails: z.boolean().default(true).meta({ title: 'Collect email addresses' }),
      previewPassword: z
        .string()
        .max(100, 'Keep the password under 100 characters.')
        .default('')
        .meta({ title: 'Password to preview the shop' }),
    }),
  }),
  moduleManifest({
    code: 'redirects',
    name: 'Redirects',
    category: 'website',
    description: 'Send old addresses to new pages with permanent redirects, so links and rankings carry over.',
    icon: 'chevron-right',
    dependsOn: ['website'],
    config: z.object({
      rules: z
        .array(
          z.object({
            from: sitePath('The old address must be a path starting with /.'),
            to: sitePath('The new address must be a path starting with /.'),
          }),
        )
        .max(1_000, 'Use at most 1000 redirects.')
        .refine((rules) => new Set(rules.map((r) => r.from)).size === rules.length, {
          error: 'Each old address can be redirected only once.',
        })
        .default([])
        .meta({ title: 'Redirects' }),
    }),
  }),
];
