import type { builtInRoles } from '../modules/access/built-in-roles.js';

type BuiltInRoleKey = (typeof builtInRoles)[number]['key'];

/**
 * The demo world. Fixed ids make the seed idempotent: running it again updates these rows in place
 * instead of adding copies. Later areas add their own demo data beside this.
 */
export const demoOrganisations = [
  { id: '0d0e0a10-0000-4000-8000-000000000001', name: 'Harbour & Co. Retail' },
  { id: '0d0e0a10-0000-4000-8000-000000000002', name: 'Northwind Fabrication' },
] as const;

const [retail, fabrication] = demoOrganisations;

export const demoProjects = [
  {
    id: '0d0e0b10-0000-4000-8000-000000000001',
    organisationId: retail.id,
    name: 'Harbour Outfitters',
    planCode: 'growth',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000002',
    organisationId: retail.id,
    name: 'Tidewater Coffee Roasters',
    planCode: 'starter',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000003',
    organisationId: retail.id,
    name: 'Lighthouse Books',
    planCode: 'starter',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000004',
    organisationId: retail.id,
    name: 'Driftwood Home Goods',
    planCode: 'growth',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000005',
    organisationId: fabrication.id,
    name: 'Northwind Print Works',
    planCode: 'scale',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000006',
    organisationId: fabrication.id,
    name: 'Keel & Anchor Apparel',
    planCode: 'scale',
  },
  {
    id: '0d0e0b10-0000-4000-8000-000000000007',
    organisationId: fabrication.id,
    name: 'Sandbar Sample Store',
    planCode: 'demo',
  },
] as const;

export const demoUsers = [
  {
    id: '0d0e0c10-0000-4000-8000-000000000001',
    email: 'olivia.owner@demo.wharf.local',
    username: 'olivia',
    firstName: 'Olivia',
    lastName: 'Marsh',
  },
  {
    id: '0d0e0c10-0000-4000-8000-000000000002',
    email: 'adam.admin@demo.wharf.local',
    username: 'adam',
    firstName: 'Adam',
    lastName: 'Quay',
  },
  {
    id: '0d0e0c10-0000-4000-8000-000000000003',
    email: 'mia.member@demo.wharf.local',
    username: 'mia',
    firstName: 'Mia',
    lastName: 'Harbor',
  },
  {
    id: '0d0e0c10-0000-4000-8000-000000000004',
    email: 'felix.finance@demo.wharf.local',
    username: 'felix',
    firstName: 'Felix',
    lastName: 'Ledger',
  },
  {
    id: '0d0e0c10-0000-4000-8000-000000000005',
    email: 'vera.viewer@demo.wharf.local',
    username: 'vera',
    firstName: 'Vera',
    lastName: 'Tide',
  },
  {
    id: '0d0e0c10-0000-4000-8000-000000000006',
    email: 'noah.north@demo.wharf.local',
    username: 'noah',
    firstName: 'Noah',
    lastName: 'Northwind',
  },
] as const;

const [olivia, adam, mia, felix, vera, noah] = demoUsers;
const p = demoProjects;

/** Who holds which role where: every role appears, and some people work in several projects. */
export const demoMemberships: { projectId: string; userId: string; role: BuiltInRoleKey }[] = [
  ...p.slice(0, 4).map((project) => ({ projectId: project.id, userId: olivia.id, role: 'owner' as const })),
  ...p.slice(4).map((project) => ({ projectId: project.id, userId: noah.id, role: 'owner' as const })),
  { projectId: p[0].id, userId: adam.id, role: 'admin' },
  { projectId: p[4].id, userId: adam.id, role: 'admin' },
  { projectId: p[0].id, userId: mia.id, role: 'member' },
  { projectId: p[1].id, userId: mia.id, role: 'member' },
  { projectId: p[5].id, userId: mia.id, role: 'member' },
  { projectId: p[0].id, userId: felix.id, role: 'finance' },
  { projectId: p[4].id, userId: felix.id, role: 'finance' },
  { projectId: p[0].id, userId: vera.id, role: 'viewer' },
  { projectId: p[6].id, userId: vera.id, role: 'viewer' },
];
