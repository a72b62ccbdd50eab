import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest } from './builders.js';

export const operationsModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'workflow',
    name: 'Tasks',
    category: 'operations',
    description: 'Tasks with owners, due dates and boards; adds Tasks to the account menu.',
    icon: 'tasks',
    config: z.object({
      archiveDoneAfterDays: z
        .number({ error: 'Enter a number of days.' })
        .int('Enter a whole number of days.')
        .min(1, 'Archive after at least a day.')
        .max(365, 'Archive within a year (365 days).')
        .default(30)
        .meta({ title: 'Archive finished tasks after (days)' }),
    }),
  }),
  moduleManifest({
    code: 'okrs',
    name: 'OKRs',
    category: 'operations',
    description: 'Objectives and key results, with progress rolled up from the tasks that serve them.',
    icon: 'flag',
    // Key results are measured by their tasks.
    dependsOn: ['workflow'],
    config: z.object({
      cycle: z
        .enum(['quarter', 'half-year', 'year'], { error: 'Choose a quarter, half-year or year.' })
        .default('quarter')
        .meta({ title: 'Cycle' }),
    }),
  }),
  moduleManifest({
    code: 'planner',
    name: 'Production planner',
    category: 'operations',
    description: 'Schedule orders into production days by capacity, and see what is due when.',
    icon: 'tasks',
    dependsOn: ['orders'],
    prices: monthly(1_200, 1_300, 1_000),
    config: z.object({
      dailyCapacity: z
        .number({ error: 'Enter a number of items.' })
        .int('Enter a whole number of items.')
        .min(1, 'Plan at least one item a day.')
        .max(100_000, 'Plan at most 100000 items a day.')
        .default(100)
        .meta({ title: 'Items produced per day' }),
      workingDays: z
        .array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], { error: 'Use mon, tue, … sun.' }))
        .min(1, 'Choose at least one working day.')
        .max(7, 'A week has seven days.')
        .default(['mon', 'tue', 'wed', 'thu', 'fri'])
        .meta({ title: 'Working days' }),
    }),
  }),
  moduleManifest({
    code: 'flows',
    name: 'Flows',
    category: 'operations',
    description:
      'Automated mail: welcome new subscribers, thank first-time buyers and win back lapsed customers, step by step.',
    icon: 'bolt',
    dependsOn: ['marketing'],
    config: z.object({
      notifyOnFailure: z.boolean().default(true).meta({ title: 'Notify the project when a flow fails' }),
    }),
  }),
  moduleManifest({
    code: 'cloudRip',
    name: 'Cloud RIP',
    category: 'operations',
    description: 'Prepare print files in the cloud: colour profiles, white underbase and nesting for your printers.',
    icon: 'settings',
    // It reads artwork from and writes print files to the drive.
    dependsOn: ['drive'],
    prices: monthly(2_900, 3_200, 2_500),
    config: z.object({
      resolutionDpi: z
        .number({ error: 'Enter a resolution in dpi.' })
        .int('Enter a whole number of dpi.')
        .min(72, 'Use at least 72 dpi.')
        .max(2_400, 'Use at most 2400 dpi.')
        .default(300)
        .meta({ title: 'Resolution (dpi)' }),
      whiteUnderbase: z.boolean().default(true).meta({ title: 'Add a white underbase for dark garments' }),
    }),
  }),
];
