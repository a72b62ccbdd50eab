import type { AvailableFulfiller, FulfillerRef } from '@wharf/contract';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';

/**
 * The store's modules that can take an order's items and fulfil them (the module store's
 * "Fulfilment and shipping" category, less those that only rate, label or pack). The factory side
 * will add fulfilling projects to this list.
 */
export const FULFILLER_MODULES: Readonly<Record<string, { name: string; description: string }>> = {
  fulfillments: { name: 'Fulfilments', description: 'Route orders to your fulfilment partners' },
  warehouse: { name: 'Warehouse', description: 'Pick and pack from your warehouse stock' },
  thirdPartyLogistics: { name: 'Third-party logistics', description: 'Your 3PL ships it' },
  shipstation: { name: 'ShipStation', description: 'Ships through ShipStation' },
  shiprocket: { name: 'Shiprocket', description: 'Ships through Shiprocket' },
  shipmate: { name: 'Shipmate', description: 'Ships through Shipmate' },
  printify: { name: 'Printify', description: 'Printed and shipped by Printify' },
  gelato: { name: 'Gelato', description: 'Printed and shipped by Gelato' },
  ochre: { name: 'Ochre', description: 'Made and shipped by Ochre' },
  ralawise: { name: 'Ralawise', description: 'Supplied and shipped by Ralawise' },
  gfn: { name: 'GFN', description: 'Fulfilled by the GFN network' },
};

export const PROJECT_FULFILLER: AvailableFulfiller = {
  kind: 'project',
  code: null,
  name: 'This project',
  description: 'You pack and ship it yourselves',
};

export function describeFulfiller(kind: 'project' | 'module', code: string | null): AvailableFulfiller {
  const known = code ? FULFILLER_MODULES[code] : undefined;
  if (kind === 'module' && code)
    return { kind, code, name: known?.name ?? code, description: known?.description ?? '' };
  return PROJECT_FULFILLER;
}

/** Who can fulfil a project's orders: the project itself, then its installed fulfilling modules. */
export async function availableFulfillers(
  db: Executor,
  projectId: string,
  installed: (db: Executor, projectId: string) => Promise<string[]>,
): Promise<AvailableFulfiller[]> {
  const codes = (await installed(db, projectId)).filter((code) => Object.hasOwn(FULFILLER_MODULES, code)).sort();
  return [PROJECT_FULFILLER, ...codes.map((code) => describeFulfiller('module', code))];
}

/** A fulfiller a change names must be one the project has: refused with the reason otherwise. */
export function assertAvailable(ref: FulfillerRef, available: readonly AvailableFulfiller[]): void {
  if (ref.kind === 'project') return;
  if (!available.some((f) => f.kind === 'module' && f.code === ref.code))
    throw badRequest(
      Object.hasOwn(FULFILLER_MODULES, ref.code)
        ? `Install the ${FULFILLER_MODULES[ref.code]!.name} module before giving it orders to fulfil.`
        : `${ref.code} is not a module that fulfils orders.`,
      'FULFILLER_NOT_AVAILABLE',
    );
}
