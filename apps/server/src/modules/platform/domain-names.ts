import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../core/errors.js';

/**
 * Host names as Wharf keeps them (decision 036): lower-case ASCII, an IDN in punycode, no trailing
 * dot. Shared by the platform's own domains and projects' custom domains, so both compare alike.
 */

/** Letters, digits, inner hyphens: a host name's label (an underscore is DNS, not a website's host). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const invalid = (message: string) => badRequest(message, 'INVALID_DOMAIN');

/**
 * The host name a person typed, as kept; refuses what no browser could open as a website (400
 * INVALID_DOMAIN). `local` (a platform's own hosts) also takes an IPv4 address, `localhost` and
 * other one-label names, as a server on a private network is reached.
 */
export function normalizeDomain(input: string, options: { local?: boolean } = {}): string {
  let name = input.trim().toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') throw invalid('Enter a domain name, such as shop.example.com.');
  if (/[/:@?#\s]/.test(name) || name.includes('\0')) {
    throw invalid('Enter the domain name alone, such as shop.example.com, without https:// or a path.');
  }
  if (options.local && ipaddr.IPv4.isValidFourPartDecimal(name)) return name;
  if (ipaddr.isValid(name) || ipaddr.isValid(name.replace(/^\[|\]$/g, '')))
    throw invalid('Use a domain name, not an IP address.');
  // domainToASCII answers '' for what is not a valid (internationalised) host name.
  const ascii = domainToASCII(name);
  if (ascii === '') throw invalid(`"${input.trim().slice(0, 80)}" is not a valid domain name.`);
  if (ascii.length > 253) throw invalid('A domain name has at most 253 characters.');
  const labels = ascii.split('.');
  if (labels.length < 2 && !options.local)
    throw invalid('Use a full domain name with a dot, such as shop.example.com.');
  if (labels.some((label) => label.length > 63)) throw invalid('Each part of a domain name has at most 63 characters.');
  if (!labels.every((label) => LABEL.test(label))) {
    throw invalid(
      'A domain name has letters, digits and hyphens between its dots, and no part starts or ends with a hyphen.',
    );
  }
  if (!options.local && (labels.at(-1) === 'localhost' || /^\d+$/.test(labels.at(-1)!))) {
    throw invalid('Use a public domain name: localhost and numeric endings cannot be reached from the internet.');
  }
  return ascii;
}

/**
 * A domain as a path gives it, for looking up one that is kept: lower-cased, without a trailing dot,
 * IDN in punycode — no refusals, since a name that cannot be kept simply matches nothing.
 */
export function domainKey(input: string): string {
  const name = input.trim().toLowerCase().replace(/\.$/, '');
  return domainToASCII(name) || name;
}

/** Whether `name` is `domain` or one of its subdomains. */
export function isWithin(name: string, domain: string): boolean {
  return name === domain || name.endsWith(`.${domain}`);
}
